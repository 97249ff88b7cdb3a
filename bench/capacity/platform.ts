/**
 * Cloudflare's published limits and prices (Workers Paid) that the capacity model holds the load
 * against, each with the page it comes from (read 2026-12-01; check them again before relying on a
 * figure). Prices are USD per month beyond what the plan includes.
 */

export const SOURCES = {
  d1Limits: "https://developers.cloudflare.com/d1/platform/limits/ (updated 2026-04-21)",
  d1Pricing: "https://developers.cloudflare.com/d1/platform/pricing/",
  workersLimits: "https://developers.cloudflare.com/workers/platform/limits/",
  workersPricing: "https://developers.cloudflare.com/workers/platform/pricing/",
  doLimits: "https://developers.cloudflare.com/durable-objects/platform/limits/",
  doPricing: "https://developers.cloudflare.com/durable-objects/platform/pricing/",
  queuesLimits: "https://developers.cloudflare.com/queues/platform/limits/",
  queuesPricing: "https://developers.cloudflare.com/queues/platform/pricing/",
  kvLimits: "https://developers.cloudflare.com/kv/platform/limits/",
  kvPricing: "https://developers.cloudflare.com/kv/platform/pricing/",
  r2Pricing: "https://developers.cloudflare.com/r2/pricing/",
  aePricing: "https://developers.cloudflare.com/analytics/analytics-engine/pricing/",
} as const;

export const LIMITS = {
  /** D1: maximum database size (cannot be raised). */
  d1DatabaseBytes: 10e9,
  /**
   * D1: one database runs its queries one at a time, so its throughput is 1 ÷ the query time ("if
   * your average query takes 1 ms, you can run approximately 1,000 queries per second"): a writer
   * has 1,000 ms of work per second.
   */
  d1WriterMsPerSecond: 1_000,
  /** D1: databases per account (Workers Paid). */
  d1DatabasesPerAccount: 50_000,
  /** D1: storage per account, all databases (Workers Paid; raised by request). */
  d1AccountBytes: 1e12,
  /** D1: databases one Worker can bind (~150 bytes each of the script's 1 MB of metadata). */
  d1BindingsPerWorker: 5_000,
  /** D1: queries per Worker invocation (Workers Paid). */
  d1QueriesPerInvocation: 1_000,
  /** Workers: simultaneous outgoing connections per invocation (D1 included): the fan-out's bound. */
  simultaneousConnections: 6,
  /** Durable Objects: a single object's soft limit of requests per second. */
  doRequestsPerObjectPerSecond: 1_000,
  /** Durable Objects: hibernatable WebSockets per object. */
  doWebSocketsPerObject: 32_768,
  /** Queues: messages per second per queue. */
  queueMessagesPerSecond: 5_000,
  /** KV: writes per second to one key. */
  kvWritesPerKeyPerSecond: 1,
  /** Workers: CPU per invocation, the configurable default (up to 5 minutes). */
  workersCpuMsPerInvocation: 30_000,
} as const;

/** Unit prices beyond the inclusions, and what each month includes. */
export const PRICES = {
  workersBase: 5,
  workersRequests: { perMillion: 0.3, included: 10e6 },
  workersCpuMs: { perMillion: 0.02, included: 30e6 },
  d1RowsRead: { perMillion: 0.001, included: 25e9 },
  d1RowsWritten: { perMillion: 1.0, included: 50e6 },
  d1StorageGbMonth: { perUnit: 0.75, included: 5 },
  doRequests: { perMillion: 0.15, included: 1e6 },
  doGbSeconds: { perMillion: 12.5, included: 400_000 },
  doRowsWritten: { perMillion: 1.0, included: 50e6 },
  /** Queues: an operation is a write, a read or a delete of up to 64 KB; a delivered message is 3. */
  queueOperations: { perMillion: 0.4, included: 1e6 },
  kvReads: { perMillion: 0.5, included: 10e6 },
  /** KV writes and list requests are priced alike. */
  kvWritesAndLists: { perMillion: 5.0, included: 1e6 },
  r2StorageGbMonth: { perUnit: 0.015, included: 10 },
  r2ClassA: { perMillion: 4.5, included: 1e6 },
  r2ClassB: { perMillion: 0.36, included: 10e6 },
  analyticsDataPoints: { perMillion: 0.25, included: 10e6 },
} as const;
