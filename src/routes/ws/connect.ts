import { z } from "@hono/zod-openapi";
import { contextOf, userContextOf } from "../../context/request";
import { liveMessageJsonSchema } from "../../domain/sessions/live-messages";
import { ownSession } from "../../domain/sessions/queries";
import { roomOf, roomUpgradeRequest } from "../../domain/sessions/room";
import { startRoomIfWaiting } from "../../domain/sessions/scheduler";
import { AppError } from "../../errors";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { SessionIdParam } from "../sessions/schemas";

const description = [
  "Opens the session's live-progress WebSocket (the `websocket_url` of a session). Authentication as for any call, or — since browsers",
  "cannot set headers — `Sec-WebSocket-Protocol: bearer, <access token>` (the server selects `bearer`) or `?access_token=<token>`.",
  "The socket is refused before the upgrade (401, 403, 404 envelope) unless it is the caller's session and the credential carries the",
  "family's `:read` scope.",
  "",
  "Server → client: one JSON text frame per message: first a `snapshot`, then a `transition` per status change and a `stage` per finished",
  "stage, each with `seq` increasing by one. After the terminal transition the server closes with code 1000. When the access the",
  "socket was opened with ends, the server closes it with code 1008 (policy violation) and a reason: `organization membership ended`",
  "(the caller left or was removed from the session's organization), `API key revoked`, `access token revoked` (logout, OAuth",
  "revocation) or `credential expired` (checked whenever the room wakes). The client may send the",
  "text `ping` (answered `pong`) or `snapshot` (answered with a fresh snapshot). Message schema (JSON Schema of the zod `LiveMessage`):",
  "",
  "```json",
  JSON.stringify(liveMessageJsonSchema(), null, 1),
  "```",
].join("\n");

const route = defineRoute({
  operationId: "connectSessionProgress",
  method: "get",
  path: "/{session_id}",
  tags: ["Live progress"],
  summary: "Live progress over WebSocket",
  description,
  scope: ["remote-viewing:read", "dowsing:read"],
  request: {
    params: SessionIdParam,
    query: z.object({
      access_token: z
        .string()
        .max(4096)
        .optional()
        .openapi({ description: "Access token, for clients that cannot set headers." }),
    }),
  },
  responses: { 101: { description: "Switching Protocols: the WebSocket is open." } },
  errors: ["SESSION_NOT_FOUND", "WEBSOCKET_UPGRADE_REQUIRED"],
});

export function mountConnect(app: Router) {
  app.openapi(route, async (c) => {
    const { session_id } = c.req.valid("param");
    const session = await ownSession(userContextOf(c), { id: session_id, action: "read" });
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new AppError("WEBSOCKET_UPGRADE_REQUIRED");
    // A watched pending session's room starts now, so the socket sees every step.
    await startRoomIfWaiting(contextOf(c), session);
    const res = await roomOf(contextOf(c), session_id).fetch(roomUpgradeRequest(c.req.raw, c.get("principal")));
    // Only a session whose room never started can be refused here (see createSession).
    if (res.status !== 101) throw new AppError("SESSION_NOT_FOUND", { details: { session_id } });
    return res;
  });
}
