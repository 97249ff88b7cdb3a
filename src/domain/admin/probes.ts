import { pingCache, pingDatabase } from "../../db/health";
import { statusMetrics } from "../../db/status-metrics";
import { lastLedgerViolations } from "../billing/integrity";
import type { Context } from "../context";
import { roomOf } from "../sessions/room";
import { schedulerOf } from "../sessions/scheduler";
import { eachShard } from "../shards/accounts";
import type { Metrics, Probe } from "./system-status";

/** The real dependencies of this deployment, each probed with a real round trip. */
export function dependencyProbes(ctx: Context): Probe[] {
  return [
    { name: "database", critical: true, check: () => pingDatabase(ctx.db) },
    { name: "cache", critical: false, check: () => pingCache(ctx.kv) },
    {
      name: "durable_objects",
      critical: false,
      check: async () => {
        // A session room and the scheduler shard that creations of the probe's id would use.
        const answers = await Promise.all([
          roomOf(ctx, "health-probe").ping(),
          schedulerOf(ctx, "health-probe").ping(),
        ]);
        if (answers.some((a) => a !== "pong")) throw new Error("unexpected answer");
      },
    },
    { name: "ai_models", critical: false, check: () => ctx.ports.probes.analyzer() },
    // The maintenance run's last check of balance = SUM(ledger) ≥ 0 on recently changed accounts.
    { name: "billing_ledger", critical: false, check: async () => ({ violations: await lastLedgerViolations(ctx) }) },
    {
      name: "queue",
      critical: false,
      // A real send; the consumer acknowledges probe messages without delivering anything.
      check: () => ctx.ports.probes.queue(),
    },
  ];
}

/**
 * Figures from real data: sessions pending or processing, and webhook
 * deliveries not yet delivered (pending or awaiting a retry).
 */
export async function liveMetrics(ctx: Context): Promise<Metrics> {
  // Every shard's figures, summed (each an index read or one counter per account).
  const each = await eachShard(ctx, (onIt) => statusMetrics(onIt.db));
  return {
    active_sessions: each.reduce((sum, m) => sum + m.active_sessions, 0),
    queue_depth: each.reduce((sum, m) => sum + m.queue_depth, 0),
  };
}
