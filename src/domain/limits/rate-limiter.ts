import type { WindowPolicy } from "./policies";

export interface WindowState {
  policy: WindowPolicy;
  /** Units left in the window after this request. */
  remaining: number;
  /** Seconds until the window resets. */
  reset: number;
}

export interface Decision {
  allowed: boolean;
  windows: WindowState[];
  /** Seconds to wait before a retry can succeed (when denied). */
  retryAfter: number;
}

/** Which windows a count falls in: the unit of work's clock (tests pin it). */
export interface PeekOptions {
  now: number;
}

export interface ConsumeOptions extends PeekOptions {
  /** Counts even when over a limit (charging after the fact). */
  force?: boolean;
  /** Runs the store's write-behind after the response (the request's waitUntil). */
  defer: (work: Promise<unknown>) => void;
}

/**
 * The port to the counters' store (an adapter under src/adapters/rate-limit/), so the limiter can
 * move from KV to a Durable Object or another store without touching the rules or middleware.
 */
export interface RateLimitStore {
  /**
   * Count `cost` units against every window of `key`, all or nothing: if any
   * window would exceed its limit nothing is counted and the request is
   * denied (unless `force`).
   */
  consume(key: string, windows: WindowPolicy[], cost: number, options: ConsumeOptions): Promise<Decision>;
  /** The state without counting anything. */
  peek(key: string, windows: WindowPolicy[], options: PeekOptions): Promise<Decision>;
}

/** RFC-draft RateLimit-Policy field (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitPolicyHeader(windows: WindowPolicy[]): string {
  return windows.map((w) => `"${w.name}";q=${w.limit};w=${w.seconds}`).join(", ");
}

/** RFC-draft RateLimit field: remaining units and seconds to reset per policy. */
export function rateLimitHeader(states: WindowState[]): string {
  return states.map((s) => `"${s.policy.name}";r=${s.remaining};t=${s.reset}`).join(", ");
}
