import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { updateSession } from "../../domain/sessions/manage";
import { metadataOf, parametersOf } from "../../domain/sessions/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import {
  CREDITS_REMAINING,
  CreditsRemainingHeader,
  MetadataSchema,
  ParametersSchema,
  SessionIdParam,
  UpdateSessionBody,
} from "./schemas";

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
    "A new confidence_threshold applies if set before the last stage ends. `parameters.priority` may change while the session is " +
    "pending: the session is re-priced (an upgrade charges the difference, 409 INSUFFICIENT_CREDITS if the balance does not cover it; " +
    "a downgrade refunds it) atomically with the change, and its schedule and `estimated_completion` follow; the response then " +
    "carries `X-Credits-Remaining`. A processing session is 409 SESSION_PRIORITY_FIXED. Needs the family's `:write` scope.",
  scope: ["remote-viewing:write", "dowsing:write"],
  request: {
    params: SessionIdParam,
    body: { required: true, content: { "application/json": { schema: UpdateSessionBody } } },
  },
  responses: {
    200: {
      description: "Updated",
      headers: CreditsRemainingHeader,
      content: { "application/json": { schema: envelopeSchema(UpdateResult) } },
    },
  },
  errors: ["SESSION_NOT_FOUND", "SESSION_ALREADY_COMPLETED", "SESSION_PRIORITY_FIXED", "INSUFFICIENT_CREDITS"],
});

export function mountUpdate(app: Router) {
  app.openapi(route, async (c) => {
    const { row, balance } = await updateSession(userContextOf(c), {
      id: c.req.valid("param").session_id,
      patch: c.req.valid("json"),
    });
    if (balance !== undefined) c.header(CREDITS_REMAINING, String(balance));
    return c.json(ok({ id: row.id, parameters: parametersOf(row), metadata: metadataOf(row) }, "Session updated"), 200);
  });
}
