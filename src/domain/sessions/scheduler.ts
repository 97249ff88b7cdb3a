import type { Context } from "../context";

/**
 * Shards of the SessionScheduler (src/durable-objects/session-scheduler/session-scheduler.ts). A Durable Object
 * serves about a thousand calls a second and every creation makes one call (docs/scale.md), so
 * creations spread over a fixed set by a hash of the session id: the same id always finds its shard.
 */
export const SCHEDULER_SHARDS = 16;

/** FNV-1a (32-bit) of the id, modulo the shard count: stable across isolates and deployments. */
export function schedulerShardOf(sessionId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sessionId.length; i++) h = Math.imul(h ^ sessionId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % SCHEDULER_SHARDS;
}

/** The scheduler shard that holds a pending session until it starts. */
export const schedulerOf = (ctx: Context, sessionId: string) =>
  ctx.ports.sessions.schedulerShard(schedulerShardOf(sessionId));

/**
 * Start a pending session's room now, if its scheduler still holds it: what a request does before it
 * needs the room of a session that may not have started (a WebSocket client, a cancellation). A
 * session past `pending` has its room already.
 */
export async function startRoomIfWaiting(ctx: Context, session: { id: string; status: string }): Promise<void> {
  if (session.status === "pending") await schedulerOf(ctx, session.id).release(session.id);
}
