import { activeSessionIdsOf } from "../../db/organizations";
import type { Bindings } from "../../env";
import { roomOf } from "../sessions/room";

/**
 * A member's organization access ended (removed or left): close their open
 * sockets on the organization's live sessions now. Tokens and
 * API keys need nothing here: membership is read from D1 on every request.
 * Only pending or processing sessions can hold sockets (a room closes all of
 * them when its session ends).
 */
export async function cutOffMember(
  env: Pick<Bindings, "DB" | "SESSION_ROOM">,
  organizationId: string,
  userId: string,
): Promise<number> {
  const ids = await activeSessionIdsOf(env.DB, organizationId);
  const closed = await Promise.all(ids.map((id) => roomOf(env, id).closeUserSockets(userId)));
  return closed.reduce((a, b) => a + b, 0);
}
