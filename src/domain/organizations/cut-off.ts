import { activeSessionIdsOf, activeSessionIdsReachableBy } from "../../db/organization-sessions";
import { userOfFamily } from "../../db/refresh-tokens";
import type { Context } from "../context";
import { roomOf, socketTag } from "../sessions/room";

/**
 * Open live sockets when the access they were opened with ends. Tokens and API
 * keys need nothing here (membership and revocation are read on every
 * request); a socket is authorised once, at its upgrade, so each loss of
 * access closes the sockets that rested on it, with code 1008 (policy
 * violation, RFC 6455 §7.4.1) and the reason. Only pending or processing
 * sessions can hold sockets: a room closes all of them (1000) when its session
 * ends, so a deleted organization, which has none, has no open sockets either.
 */
async function closeTagged(ctx: Context, sessionIds: string[], tag: string, reason: string): Promise<number> {
  const closed = await Promise.all(sessionIds.map((id) => roomOf(ctx, id).closeSockets(tag, reason)));
  return closed.reduce((a, b) => a + b, 0);
}

/** A member left or was removed: their sockets on the organization's sessions (not its API keys'). */
export async function cutOffMember(ctx: Context, input: { organizationId: string; userId: string }): Promise<number> {
  const ids = await activeSessionIdsOf(ctx.db, input.organizationId);
  return closeTagged(ctx, ids, socketTag.member(input.userId), "organization membership ended");
}

/** An API key was revoked: the sockets it opened, on its organization's sessions or its owner's. */
export async function cutOffApiKey(
  ctx: Context,
  key: { id: string; userId: string; organizationId: string | null },
): Promise<number> {
  const ids = key.organizationId
    ? await activeSessionIdsOf(ctx.db, key.organizationId)
    : await activeSessionIdsReachableBy(ctx.db, key.userId);
  return closeTagged(ctx, ids, socketTag.apiKey(key.id), "API key revoked");
}

/** A sign-in or OAuth grant (`sid`) was revoked: the sockets its access tokens opened. */
export async function cutOffGrant(ctx: Context, input: { sid: string }): Promise<number> {
  const { sid } = input;
  const userId = await userOfFamily(ctx.db, sid);
  if (!userId) return 0;
  const ids = await activeSessionIdsReachableBy(ctx.db, userId);
  return closeTagged(ctx, ids, socketTag.grant(sid), "access token revoked");
}
