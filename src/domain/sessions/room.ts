import type { Context } from "../context";
import type { Principal } from "../identity/principal";

/** The SessionRoom of a session: one Durable Object per session id. */
export const roomOf = (ctx: Context, sessionId: string) => ctx.ports.sessions.room(sessionId);

/**
 * The live-progress address on this service: ws:// when the request came
 * over http, wss:// over https (the scheme the client used to reach us).
 */
export function websocketUrlFor(requestUrl: string, sessionId: string): string {
  const url = new URL(requestUrl);
  const scheme = url.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${url.host}/v1/ws/${sessionId}`;
}

/**
 * The header through which the worker tells the room what a socket's access
 * rests on (set by the worker, never the client): tags the room files the
 * socket under, so that losing that access closes it (`closeSockets`).
 */
export const ROOM_TAGS_HEADER = "X-Room-Socket-Tags";
/** The header carrying when the socket's credential stops working (epoch ms). */
export const ROOM_UNTIL_HEADER = "X-Room-Socket-Until";

/** What a live socket's access rests on, one tag each (the room finds sockets by tag). */
export const socketTag = {
  /** A person's membership of the session's organization (not an organization key acting for it). */
  member: (userId: string) => `member:${userId}`,
  apiKey: (keyId: string) => `key:${keyId}`,
  /** An access token's revocation unit: its sign-in or OAuth grant (`sid`). */
  grant: (sid: string) => `grant:${sid}`,
};

/** The tags of a socket opened by `principal`. */
function socketTagsOf(principal: Principal): string[] {
  const tags: string[] = [];
  if (principal.organization?.via !== "api_key") tags.push(socketTag.member(principal.userId));
  const { kind, id, sid } = principal.credential;
  tags.push(kind === "api_key" ? socketTag.apiKey(id) : socketTag.grant(sid ?? id));
  return tags;
}

/** The upgrade request forwarded to the room, with the socket's tags and credential expiry (a client's own headers are replaced). */
export function roomUpgradeRequest(request: Request, principal: Principal): Request {
  const forwarded = new Request(request);
  forwarded.headers.set(ROOM_TAGS_HEADER, socketTagsOf(principal).join(","));
  const expiresAt = principal.credential.expiresAt;
  if (expiresAt !== undefined) forwarded.headers.set(ROOM_UNTIL_HEADER, String(expiresAt * 1000));
  else forwarded.headers.delete(ROOM_UNTIL_HEADER);
  return forwarded;
}
