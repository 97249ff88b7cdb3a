import type { MetricEvent, Metrics } from "./metrics";

/**
 * Workers Analytics Engine: one data point per event, in a fixed layout the SQL in docs/operations.md
 * reads (blob1 is the event kind everywhere; the index, Analytics Engine's sampling key, is the kind
 * too, so each kind is sampled on its own):
 *
 * | kind         | blob2          | blob3        | blob4         | double1 | double2     | double3        |
 * |--------------|----------------|--------------|---------------|---------|-------------|----------------|
 * | request      | route pattern  | method       | error code    | 1       | duration ms | HTTP status    |
 * | session      | outcome        | session type |               | 1       |             |                |
 * | webhook      | outcome        |              |               | 1       | duration ms | HTTP status    |
 * | credits_sold | credit package | currency     |               | 1       | credits     | amount (major) |
 * | archive      | outcome        |              |               | 1       |             |                |
 *
 * `writeDataPoint` queues the point and returns at once (no await, nothing to fail the request).
 */
export function analyticsEngineMetrics(dataset: AnalyticsEngineDataset): Metrics {
  return {
    record(event) {
      try {
        dataset.writeDataPoint(dataPointOf(event));
      } catch (err) {
        // A malformed point or an over-limit write is logged, never thrown into the caller.
        console.error(JSON.stringify({ msg: "metric not written", kind: event.kind, error: String(err) }));
      }
    },
  };
}

function dataPointOf(event: MetricEvent): AnalyticsEngineDataPoint {
  switch (event.kind) {
    case "request":
      return {
        indexes: [event.kind],
        blobs: [event.kind, event.route, event.method, event.code],
        doubles: [1, event.durationMs, event.status],
      };
    case "session":
      return { indexes: [event.kind], blobs: [event.kind, event.outcome, event.sessionType], doubles: [1] };
    case "webhook":
      return {
        indexes: [event.kind],
        blobs: [event.kind, event.outcome],
        doubles: [1, event.durationMs, event.status],
      };
    case "archive":
      return { indexes: [event.kind], blobs: [event.kind, event.outcome], doubles: [1] };
    case "credits_sold":
      return {
        indexes: [event.kind],
        blobs: [event.kind, event.creditPackage, event.currency],
        doubles: [1, event.credits, event.amount],
      };
  }
}
