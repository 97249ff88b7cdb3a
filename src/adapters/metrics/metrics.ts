/**
 * The figures an operator watches (docs/operations.md, "Metrics"): what the domain and the HTTP layer
 * report, whatever stores them. One event is one data point; none carries personal data (no user id,
 * email or address: route patterns, never paths).
 */
export type MetricEvent =
  | {
      kind: "request";
      /** The route pattern that answered (`/v1/sessions/:session_id`), never the raw path. */
      route: string;
      method: string;
      status: number;
      durationMs: number;
      /** The catalogue code of an error answer (`SESSION_NOT_FOUND`), empty for a success. */
      code: string;
    }
  | { kind: "session"; outcome: "created" | "completed" | "failed" | "cancelled"; sessionType: string }
  | {
      kind: "webhook";
      outcome: "delivered" | "failed" | "dead_lettered";
      /** The receiver's HTTP status, 0 when there was none (timeout, refused URL, dead letter). */
      status: number;
      durationMs: number;
    }
  | { kind: "credits_sold"; creditPackage: string; currency: string; credits: number; amount: number }
  /**
   * The session archive (src/domain/sessions/archive.ts): a session moved to it, or an archived
   * session whose object is missing or fails its checksum (an operator alert: its reads answer 500).
   */
  | { kind: "archive"; outcome: "archived" | "missing" | "corrupt" };

/** The port: record one event. Never throws and never waits: a metric must not fail or slow a request. */
export interface Metrics {
  record(event: MetricEvent): void;
}
