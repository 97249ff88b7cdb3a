import { iso } from "../../lib/clock";
import { SERVICE_VERSION } from "../../version";
import type { Config } from "../config";
import type { Context } from "../context";

export type ServiceName = "api" | "database" | "cache" | "durable_objects" | "queue" | "ai_models" | "billing_ledger";
export type Health = "healthy" | "degraded" | "unhealthy";

export interface Probe {
  name: ServiceName;
  /** A failing critical dependency makes the whole service unhealthy; others degrade it. */
  critical: boolean;
  /** Resolves when healthy; may resolve to `{ violations: string[] }` naming records found broken (accounts whose ledger disagrees). */
  check(): Promise<unknown>;
}

export interface Metrics {
  active_sessions: number | null;
  queue_depth: number | null;
}

/** Each probe's bound: a hanging dependency is reported well within a status request. */
export const PROBE_TIMEOUT_MS = 2_000;

/**
 * The bound on each probe: PROBE_TIMEOUT_MS times HEALTH_PROBE_TIMEOUT_SCALE, a number in (0, 1] that
 * lets tests meet a hanging dependency sooner than 2 s. Absent, unusable or in
 * production: the full bound.
 */
export function probeTimeoutMs(config: Pick<Config, "environment" | "scales">): number {
  const scale = config.environment === "production" ? 1 : Number(config.scales.healthProbeTimeout ?? "1");
  return Number.isFinite(scale) && scale > 0 && scale <= 1 ? Math.round(PROBE_TIMEOUT_MS * scale) : PROBE_TIMEOUT_MS;
}

async function timed(
  probe: Probe,
  timeoutMs: number,
): Promise<{ name: ServiceName; status: Health; latency_ms: number; error?: string; violations?: string[] }> {
  const started = Date.now();
  try {
    const outcome = await Promise.race([
      probe.check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)),
    ]);
    const violations = (outcome as { violations?: string[] } | undefined)?.violations;
    if (violations && violations.length > 0) {
      return { name: probe.name, status: "unhealthy", latency_ms: Date.now() - started, violations };
    }
    return { name: probe.name, status: "healthy", latency_ms: Date.now() - started };
  } catch (err) {
    console.warn(JSON.stringify({ msg: "health probe failed", probe: probe.name, error: String(err) }));
    return { name: probe.name, status: "unhealthy", latency_ms: Date.now() - started, error: "probe failed" };
  }
}

/**
 * System status from real probes, run in parallel, each bounded by `timeoutMs` (probeTimeoutMs).
 * A failed probe is reported, never thrown: the endpoint answers 200 with
 * status degraded/unhealthy. Host CPU, memory and GPU usage are not exposed by
 * the Workers platform, so they are null (docs/decisions.md) — never invented.
 */
export async function systemStatus(
  ctx: Context,
  input: { probes: Probe[]; metrics: () => Promise<Metrics>; timeoutMs?: number },
) {
  const { probes, metrics, timeoutMs = PROBE_TIMEOUT_MS } = input;
  const now = ctx.now();
  const [results, metricValues] = await Promise.all([
    Promise.all(probes.map((probe) => timed(probe, timeoutMs))),
    metrics().catch((err) => {
      console.warn(JSON.stringify({ msg: "status metrics failed", error: String(err) }));
      return { active_sessions: null, queue_depth: null } satisfies Metrics;
    }),
  ]);
  const failed = results.filter((r) => r.status !== "healthy");
  const critical = failed.some((r) => probes.find((p) => p.name === r.name)?.critical);
  const status: Health = critical ? "unhealthy" : failed.length > 0 ? "degraded" : "healthy";
  const services: Record<string, Health> = { api: "healthy" };
  const checks: Record<string, { status: Health; latency_ms: number; violations?: string[] }> = {};
  for (const r of results) {
    services[r.name] = r.status;
    checks[r.name] = {
      status: r.status,
      latency_ms: r.latency_ms,
      ...(r.violations ? { violations: r.violations } : {}),
    };
  }
  return {
    status,
    timestamp: iso(now),
    services,
    checks,
    metrics: { ...metricValues, cpu_usage: null, memory_usage: null, gpu_usage: null },
    version: SERVICE_VERSION,
  };
}
