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

/**
 * A counter store behind an interface, so the limiter can move from KV to a
 * Durable Object or another store without touching middleware or routes.
 */
export interface RateLimiter {
  /**
   * Count `cost` units against every window of `key`, all or nothing: if any
   * window would exceed its limit nothing is counted and the request is
   * denied. `force` counts even when over (charging after the fact).
   */
  consume(
    key: string,
    windows: WindowPolicy[],
    cost: number,
    options?: { force?: boolean; now?: number },
  ): Promise<Decision>;
  /** The state without counting anything. */
  peek(key: string, windows: WindowPolicy[], options?: { now?: number }): Promise<Decision>;
}

/** RFC-draft RateLimit-Policy field (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitPolicyHeader(windows: WindowPolicy[]): string {
  return windows.map((w) => `"${w.name}";q=${w.limit};w=${w.seconds}`).join(", ");
}

/** RFC-draft RateLimit field: remaining units and seconds to reset per policy. */
export function rateLimitHeader(states: WindowState[]): string {
  return states.map((s) => `"${s.policy.name}";r=${s.remaining};t=${s.reset}`).join(", ");
}
