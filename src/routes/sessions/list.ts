import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { listOwnSessions } from "../../domain/sessions/queries";
import { sessionListItem } from "../../domain/sessions/resources";
import { SESSION_STATUSES, SESSION_TYPES } from "../../domain/sessions/types";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { limitParam, Offset, PaginationSchema } from "../../http/schemas";
import { defineRoute } from "../route";
import { SessionListItemSchema } from "./schemas";

const ListQuery = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  session_type: z.enum(SESSION_TYPES).optional(),
  limit: limitParam(),
  offset: Offset,
  sort_by: z.enum(["created_at", "completed_at", "confidence_score"]).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
});

const ListResult = z
  .object({ sessions: z.array(SessionListItemSchema), pagination: PaginationSchema })
  .openapi("SessionList");

const route = defineRoute({
  operationId: "listSessions",
  method: "get",
  path: "/",
  tags: ["Sessions"],
  summary: "List the caller's sessions",
  description:
    "Only sessions of the families the credential can read (`remote-viewing:read`, `dowsing:read`). Ties in the sort are broken by id; " +
    "sessions without a value for the sort field (not completed) sort last in `desc` and first in `asc`.",
  scope: ["remote-viewing:read", "dowsing:read"],
  request: { query: ListQuery },
  responses: {
    200: { description: "A page of sessions", content: { "application/json": { schema: envelopeSchema(ListResult) } } },
  },
});

export function mountList(app: Router) {
  app.openapi(route, async (c) => {
    const { rows, pagination } = await listOwnSessions(userContextOf(c), c.req.valid("query"));
    return c.json(ok({ sessions: rows.map(sessionListItem), pagination }), 200);
  });
}
