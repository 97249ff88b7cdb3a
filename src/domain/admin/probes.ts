import { analyzerSelfCheck } from "../../analysis/self-check";
import { pingCache, pingDatabase } from "../../db/health";
import { statusMetrics } from "../../db/status-metrics";
import type { Bindings } from "../../env";
import { roomOf } from "../sessions/room";
import type { Metrics, Probe } from "./system-status";

/** The real dependencies of this deployment, each probed with a real round trip. */
export function dependencyProbes(env: Bindings): Probe[] {
  return [
    { name: "database", critical: true, run: () => pingDatabase(env.DB) },
    { name: "cache", critical: false, run: () => pingCache(env.KV) },
    {
      name: "durable_objects",
      critical: false,
      run: async () => {
        const stub = roomOf(env, "health-probe");
        if ((await stub.ping()) !== "pong") throw new Error("unexpected answer");
      },
    },
    { name: "ai_models", critical: false, run: () => analyzerSelfCheck(env) },
    {
      name: "queue",
      critical: false,
      // A real send; the consumer acknowledges probe messages without delivering anything.
      run: async () => {
        await env.WEBHOOK_QUEUE.send({ kind: "probe", at: new Date().toISOString() });
      },
    },
  ];
}

/**
 * Figures from real data: sessions pending or processing, and webhook
 * deliveries not yet delivered (pending or awaiting a retry).
 */
export function liveMetrics(env: Bindings): Promise<Metrics> {
  return statusMetrics(env.DB);
}
