import { analyticsEngineMetrics } from "./analytics-engine";
import type { MetricEvent, Metrics } from "./metrics";

export type { MetricEvent, Metrics } from "./metrics";

/**
 * Without the METRICS binding (a configuration that dropped it) the events are written as log lines
 * (`{"msg":"metric",…}`), which Workers Logs keeps and can query: an operator loses the SQL, not the
 * figures. It is said once per isolate.
 */
const logMetrics: Metrics = {
  record(event) {
    console.log(JSON.stringify({ msg: "metric", ...event }));
  },
};

/** The Analytics Engine dataset METRICS, optional (src/bindings.ts). */
interface MetricsBinding {
  METRICS?: AnalyticsEngineDataset;
}

let warned = false;
const adapters = new WeakMap<AnalyticsEngineDataset, Metrics>();

/** The metrics adapter for these bindings: Analytics Engine where METRICS is bound (wrangler.toml). */
export function metricsOf(env: MetricsBinding): Metrics {
  const dataset = env.METRICS;
  if (!dataset) {
    if (!warned) {
      warned = true;
      console.warn("METRICS (Analytics Engine) is not bound: metrics are written as log lines");
    }
    return logMetrics;
  }
  let adapter = adapters.get(dataset);
  if (!adapter) {
    adapter = analyticsEngineMetrics(dataset);
    adapters.set(dataset, adapter);
  }
  return adapter;
}

/** Records an event and never lets a failure reach the caller (a metric is not worth a request). */
export function recordMetric(env: MetricsBinding, event: MetricEvent): void {
  try {
    metricsOf(env).record(event);
  } catch (err) {
    console.error(JSON.stringify({ msg: "metric not written", kind: event.kind, error: String(err) }));
  }
}
