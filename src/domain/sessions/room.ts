import type { Bindings } from "../../env";

/** The SessionRoom of a session: one Durable Object per session id. */
export const roomOf = (env: Pick<Bindings, "SESSION_ROOM">, sessionId: string) =>
  env.SESSION_ROOM.get(env.SESSION_ROOM.idFromName(sessionId));

/**
 * The live-progress address on this service: ws:// when the request came
 * over http, wss:// over https (the scheme the client used to reach us).
 */
export function websocketUrlFor(requestUrl: string, sessionId: string): string {
  const url = new URL(requestUrl);
  const scheme = url.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${url.host}/v1/ws/${sessionId}`;
}

/** The header through which the worker tells the room whose socket it opens (set by the worker, never the client). */
export const ROOM_USER_HEADER = "X-Room-User";

/** The upgrade request forwarded to the room, naming the authenticated user (a client's own header is replaced). */
export function roomUpgradeRequest(request: Request, userId: string): Request {
  const forwarded = new Request(request);
  forwarded.headers.set(ROOM_USER_HEADER, userId);
  return forwarded;
}
