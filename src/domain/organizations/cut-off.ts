import { activeSessionIdsOf, activeSessionIdsReachableBy } from "../../db/organizations";
import { userOfFamily } from "../../db/refresh-tokens";
import type { Bindings } from "../../env";
import { roomOf, socketTag } from "../sessions/room";

type Env = Pick<Bindings, "DB" | "SESSION_ROOM">;

/**
 * Open live sockets when the access they were opened with ends. Tokens and API
 * keys need nothing here (membership and revocation are read on every
 * request); a socket is authorised once, at its upgrade, so each loss of
 * access closes the sockets that rested on it, with code 1008 (policy
 * violation, RFC 6455 §7.4.1) and the reason. Only pending or processing
 * sessions can hold sockets: a room closes all of them (1000) when its session
 * ends, so a deleted organization, which has none, has no open sockets either.
 */
async function closeTagged(env: Env, sessionIds: string[], tag: string, reason: string): Promise<number> {
  const closed = await Promise.all(sessionIds.map((id) => roomOf(env, id).closeSockets(tag, reason)));
  return closed.reduce((a, b) => a + b, 0);
}

/** A member left or was removed: their sockets on the organization's sessions (not its API keys'). */
export async function cutOffMember(env: Env, organizationId: string, userId: string): Promise<number> {
  const ids = await activeSessionIdsOf(env.DB, organizationId);
  return closeTagged(env, ids, socketTag.member(userId), "organization membership ended");
}

/** An API key was revoked: the sockets it opened, on its organization's sessions or its owner's. */
export async function cutOffApiKey(
  env: Env,
  key: { id: string; userId: string; organizationId: string | null },
): Promise<number> {
  const ids = key.organizationId
    ? await activeSessionIdsOf(env.DB, key.organizationId)
    : await activeSessionIdsReachableBy(env.DB, key.userId);
  return closeTagged(env, ids, socketTag.apiKey(key.id), "API key revoked");
}

/** A sign-in or OAuth grant (`sid`) was revoked: the sockets its access tokens opened. */
export async function cutOffGrant(env: Env, sid: string): Promise<number> {
  const userId = await userOfFamily(env.DB, sid);
  if (!userId) return 0;
  const ids = await activeSessionIdsReachableBy(env.DB, userId);
  return closeTagged(env, ids, socketTag.grant(sid), "access token revoked");
}
