import { userContextOf } from "../../context/request";
import { ownSession } from "../../domain/sessions/queries";
import { sessionResource } from "../../domain/sessions/resources";
import { websocketUrlFor } from "../../domain/sessions/room";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SessionIdParam, SessionSchema } from "./schemas";

const route = defineRoute({
  operationId: "getSession",
  method: "get",
  path: "/{session_id}",
  tags: ["Sessions"],
  summary: "Read a session",
  description: "Another user's session is reported as not found. Needs the session family's `:read` scope.",
  scope: ["remote-viewing:read", "dowsing:read"],
  request: { params: SessionIdParam },
  responses: {
    200: { description: "The session", content: { "application/json": { schema: envelopeSchema(SessionSchema) } } },
  },
  errors: ["SESSION_NOT_FOUND"],
});

export function mountGet(app: Router) {
  app.openapi(route, async (c) => {
    const { session_id } = c.req.valid("param");
    const row = await ownSession(userContextOf(c), { id: session_id, action: "read" });
    return c.json(ok(sessionResource(row, websocketUrlFor(c.req.url, row.id))), 200);
  });
}
