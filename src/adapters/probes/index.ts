import type { AnalyzerSettings } from "../../analysis";
import { analyzerSelfCheck } from "../../analysis/self-check";
import type { DependencyProbes } from "../../domain/admin/ports";

/** The system-status probes over this deployment's own bindings (src/domain/admin/probes.ts). */
export function bindingProbes(
  env: AnalyzerSettings & { WEBHOOK_QUEUE: Queue<unknown> },
  now: () => number = Date.now,
): DependencyProbes {
  return {
    analyzer: () => analyzerSelfCheck(env),
    async queue() {
      await env.WEBHOOK_QUEUE.send({ kind: "probe", at: new Date(now()).toISOString() });
    },
  };
}
