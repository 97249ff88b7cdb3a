import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { sessionHistory } from "../../domain/sessions/queries";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { HistoryEntrySchema, SessionIdParam } from "./schemas";

const HistoryResult = z.object({ analysis_history: z.array(HistoryEntrySchema) }).openapi("AnalysisHistory");

const route = defineRoute({
  operationId: "getSessionAnalysisHistory",
  method: "get",
  path: "/{session_id}/analysis/history",
  tags: ["Analysis"],
  summary: "The analysis history",
  description:
    "One entry per finished stage, in time order; it grows while the session is processing. A failed stage adds an entry with confidence 0.",
  scope: ["remote-viewing:read", "dowsing:read"],
  request: { params: SessionIdParam },
  responses: {
    200: { description: "The history", content: { "application/json": { schema: envelopeSchema(HistoryResult) } } },
  },
  errors: ["SESSION_NOT_FOUND"],
});

export function mountHistory(app: Router) {
  app.openapi(route, async (c) => {
    const history = await sessionHistory(userContextOf(c), { id: c.req.valid("param").session_id });
    return c.json(ok({ analysis_history: history }), 200);
  });
}
