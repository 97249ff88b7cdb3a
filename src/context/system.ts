import type { Bindings } from "../bindings";
import type { Context } from "../domain/context";
import { newId } from "../lib/ids";
import { committer } from "./commit";
import { configOf } from "./config";
import { portsOf } from "./ports";
import { contextShards } from "./shards";

/**
 * The context of work the service does on its own: a session room's alarm, the webhook delivery
 * consumer, the cron, the billing clock. Its actor is the system, named for the log and the audit.
 */
export function systemContext(env: Bindings, name: string, now: () => number = Date.now): Context {
  return {
    actor: { kind: "system", name },
    db: env.DB,
    shards: contextShards(() => env),
    kv: env.KV,
    config: configOf(env),
    ports: portsOf(env),
    now,
    meta: { requestId: newId("req", now()), ip: "" },
    commit: committer(() => env.DB),
  };
}
