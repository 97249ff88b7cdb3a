import { userContextOf } from "../../context/request";
import { ownSessionWithContent } from "../../domain/sessions/queries";
import { analysisResource } from "../../domain/sessions/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { AnalysisSchema, SessionIdParam } from "./schemas";

const route = defineRoute({
  operationId: "getSessionAnalysis",
  method: "get",
  path: "/{session_id}/analysis",
  tags: ["Analysis"],
  summary: "The session's analysis",
  description:
    "Once completed: the full Analysis resource. Before that (pending, processing), and for failed or cancelled sessions, the same " +
    "shape with the session's `status` and `results`, `metadata`, `completed_at`, `confidence_score` null, so clients can poll one address.",
  scope: ["remote-viewing:read", "dowsing:read"],
  request: { params: SessionIdParam },
  responses: {
    200: { description: "The analysis", content: { "application/json": { schema: envelopeSchema(AnalysisSchema) } } },
  },
  errors: ["SESSION_NOT_FOUND"],
});

export function mountAnalysis(app: Router) {
  app.openapi(route, async (c) => {
    const stored = await ownSessionWithContent(userContextOf(c), {
      id: c.req.valid("param").session_id,
      action: "read",
    });
    return c.json(ok(analysisResource(stored)), 200);
  });
}
