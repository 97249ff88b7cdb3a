import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { PERIODS } from "../../domain/reporting/periods";
import { MAX_RANGE_DAYS, userStats } from "../../domain/users/stats";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { CalendarDate } from "../../http/schemas";
import { defineRoute } from "../route";

const StatsQuery = z.object({
  period: z.enum(PERIODS).default("month"),
  start_date: CalendarDate.optional(),
  end_date: CalendarDate.optional(),
});

const counts = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<K, z.ZodNumber>);

const StatsSchema = z
  .object({
    period: z.string().openapi({ description: "day, week, month, year, or custom when start_date/end_date are given" }),
    start_date: z.string(),
    end_date: z.string(),
    sessions: counts(["total", "pending", "processing", "completed", "failed", "cancelled"] as const),
    credits_used: z.number().int(),
    credits_remaining: z.number().int(),
    success_rate: z.number().openapi({ description: "completed / (completed + failed); 0 when none finished" }),
    average_confidence: z
      .number()
      .nullable()
      .openapi({ description: "Mean confidence_score of completed sessions; null when none" }),
    session_types: counts(["remote_viewing", "dowsing", "precognition", "intuitive_analysis"] as const),
    daily_breakdown: z.array(
      z.object({
        date: z.string(),
        sessions: z.number().int(),
        credits_used: z.number().int(),
        api_calls: z
          .number()
          .int()
          .openapi({ description: "Your authenticated /v1 requests that UTC day, whoever you acted for" }),
      }),
    ),
  })
  .openapi("UserStats");

const route = defineRoute({
  operationId: "getMyStats",
  method: "get",
  path: "/me/stats",
  tags: ["Users"],
  summary: "The caller's usage statistics",
  description:
    "A period is the last N UTC calendar days including today (day 1, week 7, month 30, year 365). `start_date`/`end_date` " +
    `(inclusive) replace it, spanning at most ${MAX_RANGE_DAYS} days. Sessions count on the day they were created; ` +
    "daily_breakdown lists every day of the range, zeros included.",
  scope: "analytics:read",
  request: { query: StatsQuery },
  responses: {
    200: { description: "Statistics", content: { "application/json": { schema: envelopeSchema(StatsSchema) } } },
  },
});

export function mountGetStats(app: Router) {
  app.openapi(route, async (c) => {
    return c.json(ok(await userStats(userContextOf(c), c.req.valid("query"))), 200);
  });
}
