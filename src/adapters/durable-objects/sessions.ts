import type { SessionPorts } from "../../domain/sessions/ports";
import type { NamedObjects } from "./namespace";

/** The sessions ports on the SessionRoom and SessionScheduler Durable Object namespaces: a stub per name. */
export function sessionObjects(env: {
  SESSION_ROOM: NamedObjects<ReturnType<SessionPorts["room"]>>;
  SESSION_SCHEDULER: NamedObjects<ReturnType<SessionPorts["schedulerShard"]>>;
}): SessionPorts {
  return {
    room: (sessionId) => env.SESSION_ROOM.get(env.SESSION_ROOM.idFromName(sessionId)),
    schedulerShard: (shard) => env.SESSION_SCHEDULER.get(env.SESSION_SCHEDULER.idFromName(`shard-${shard}`)),
  };
}
