import { z } from "@hono/zod-openapi";
import { updateSession } from "../../domain/sessions/manage";
import { metadataOf, parametersOf } from "../../domain/sessions/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { MetadataSchema, ParametersSchema, SessionIdParam, UpdateSessionBody } from "./schemas";

const UpdateResult = z
  .object({ id: z.string(), parameters: ParametersSchema, metadata: MetadataSchema })
  .openapi("UpdatedSession");

const route = defineRoute({
  operationId: "updateSession",
  method: "put",
  path: "/{session_id}",
  tags: ["Sessions"],
  summary: "Change a session's threshold or tags",
  description:
    "Allowed while the session is pending or processing; a completed, failed or cancelled session is 409 SESSION_ALREADY_COMPLETED. " +
    "A new confidence_threshold applies if set before the last stage ends. `parameters.priority` is fixed at creation (it set the " +
    "price and schedule): repeating it is accepted, a different value is 409 SESSION_PRIORITY_FIXED. Needs the family's `:write` scope.",
  scope: ["remote-viewing:write", "dowsing:write"],
  request: {
    params: SessionIdParam,
    body: { required: true, content: { "application/json": { schema: UpdateSessionBody } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(UpdateResult) } } },
  },
  errors: ["SESSION_NOT_FOUND", "SESSION_ALREADY_COMPLETED", "SESSION_PRIORITY_FIXED"],
});

export function mountUpdate(app: Router) {
  app.openapi(route, async (c) => {
    const row = await updateSession(c.env.DB, c.get("principal"), c.req.valid("param").session_id, c.req.valid("json"));
    return c.json(ok({ id: row.id, parameters: parametersOf(row), metadata: metadataOf(row) }, "Session updated"), 200);
  });
}
