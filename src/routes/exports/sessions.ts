import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { negotiateFormat } from "../../domain/exports/format";
import { exportSessions, SESSION_COLUMNS } from "../../domain/exports/sessions";
import { SESSION_STATUSES, SESSION_TYPES } from "../../domain/sessions/types";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { streamed } from "./respond";
import { ExportQueryBase, exportResponse, SessionExportRowSchema } from "./schemas";

const route = defineRoute({
  operationId: "exportSessions",
  method: "get",
  path: "/sessions",
  tags: ["Exports"],
  summary: "Export the listed sessions with their results (CSV or NDJSON)",
  description:
    "The sessions GET /sessions lists in the same context: the caller's personal sessions, or with X-Organization-Id " +
    "(or an organization API key) the organization's. All families (`analytics:export` is the permission), oldest " +
    "first, with the list's `status` and `session_type` filters and created_at dates. Streamed page by page.",
  scope: "analytics:export",
  request: {
    query: ExportQueryBase.extend({
      status: z.enum(SESSION_STATUSES).optional(),
      session_type: z.enum(SESSION_TYPES).optional(),
    }),
  },
  responses: exportResponse("The sessions", SessionExportRowSchema, SESSION_COLUMNS),
});

export function mountExportSessions(app: Router) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const format = negotiateFormat(q.format, c.req.header("Accept"));
    return streamed(c, "sessions", format, await exportSessions(userContextOf(c), { query: q, format }));
  });
}
