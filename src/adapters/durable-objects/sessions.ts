import type { Bindings } from "../../bindings";
import type { SessionPorts } from "../../domain/sessions/ports";

/** The sessions ports on the SessionRoom and SessionScheduler Durable Object namespaces: a stub per name. */
export function sessionObjects(env: Pick<Bindings, "SESSION_ROOM" | "SESSION_SCHEDULER">): SessionPorts {
  return {
    room: (sessionId) => env.SESSION_ROOM.get(env.SESSION_ROOM.idFromName(sessionId)),
    schedulerShard: (shard) => env.SESSION_SCHEDULER.get(env.SESSION_SCHEDULER.idFromName(`shard-${shard}`)),
  };
}
