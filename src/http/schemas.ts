import { z } from "@hono/zod-openapi";
import { isCalendarDate } from "../lib/clock";

/** A query or body date: YYYY-MM-DD, and a real one (UTC). */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine(isCalendarDate, "must be a calendar date")
  .openapi({ format: "date" });

/** A list's offset query parameter: 0 to 1,000,000, default 0 (typed integer in OpenAPI, not the coerced string). */
export const Offset = z.coerce
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .default(0)
  .openapi({ type: "integer", minimum: 0, maximum: 1_000_000, default: 0 });

/**
 * A list's limit query parameter: 1 to `max` (100 unless the list says less), default 20 (spec,
 * GET /sessions). With Offset, the one home of every list's paging parameters (a test over the served
 * document holds every list to them).
 */
export const limitParam = (max = 100) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(20)
    .openapi({ type: "integer", minimum: 1, maximum: max, default: 20 });
