import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

/**
 * One Durable Object per session (SQLite-backed): owns the session's state
 * machine, alarms and WebSocket fan-out. Its behaviour arrives with issue #3;
 * until then it answers only the liveness probe the admin status uses.
 */
export class SessionRoom extends DurableObject<Bindings> {
  async ping(): Promise<"pong"> {
    return "pong";
  }
}
