import type { Context, MiddlewareHandler } from "hono";
import { configOf } from "../context/config";
import { portsOf } from "../context/ports";
import type { Tier } from "../domain/identity/principal";
import {
  anonymousWindows,
  type LimitScale,
  limitScale,
  tierWindows,
  type WindowPolicy,
} from "../domain/limits/policies";
import { type Decision, rateLimitHeader, rateLimitPolicyHeader } from "../domain/limits/rate-limiter";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { setResponseHeader } from "../http/response-headers";
import { throttleAddress, waitUntilOf } from "../lib/request";

/** The rate-limit store (the port) bound to this request: its clock and its waitUntil for write-behind. */
export function limiterFor(c: Context<AppEnv>) {
  const store = portsOf(c.env).rateLimits;
  const clock = c.get("now") ?? Date.now;
  const defer = waitUntilOf(c);
  return {
    consume: (key: string, windows: WindowPolicy[], cost: number, options: { force?: boolean } = {}) =>
      store.consume(key, windows, cost, { ...options, now: clock(), defer }),
    peek: (key: string, windows: WindowPolicy[]) => store.peek(key, windows, { now: clock() }),
  };
}

/**
 * Tier rate limits on every /v1 request (spec part 8, reference 1): per
 * principal when `authenticate()` found one (it runs first), else per client IP.
 * Over a limit → 429 RATE_LIMIT_EXCEEDED with Retry-After, before any work.
 * Every response carries RateLimit-Policy and RateLimit.
 */
export function rateLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowed = await enforceRateLimit(c);
    await next();
    setRateLimitHeaders(c, allowed);
  };
}

/** What an allowed request's response says of its limits (RateLimit-Policy, RateLimit). */
export interface RateLimitState {
  policyHeader: string;
  state: string;
}

/**
 * Counts the request against its limits: 429 RATE_LIMIT_EXCEEDED over one, else what its response will say.
 * The caller is whoever authentication found before (the `principal` variable), else the client address.
 */
export async function enforceRateLimit(c: Context<AppEnv>): Promise<RateLimitState> {
  const principal = c.get("principal");
  const key = principal ? `user:${principal.userId}` : `ip:${throttleAddress(c)}`;
  return enforceLimitOf(c, { key, tier: principal?.tier });
}

/**
 * The tier limits for `key`: 429 RATE_LIMIT_EXCEEDED past them. Also what a caller with no principal
 * but a credential of its own (a SCIM connection's token) counts against (src/routes/scim).
 */
export async function enforceLimitOf(
  c: Context<AppEnv>,
  input: { key: string; tier: Tier | undefined },
): Promise<RateLimitState> {
  const { windows, policyHeader } = policiesFor(input.tier, limitScale(configOf(c.env)));
  const decision = await limiterFor(c).consume(input.key, windows, 1);
  if (!decision.allowed) {
    // The limits' state is HTTP's to say (draft-ietf-httpapi-ratelimit-headers); Retry-After comes from details.
    c.header("RateLimit-Policy", policyHeader);
    c.header("RateLimit", rateLimitHeader(decision.windows));
    throw new AppError("RATE_LIMIT_EXCEEDED", {
      message: `Rate limit exceeded: retry in ${decision.retryAfter} seconds.`,
      details: {
        retry_after: decision.retryAfter,
        limits: decision.windows.map((w) => ({
          window: w.policy.name,
          limit: w.policy.limit,
          remaining: w.remaining,
          reset: w.reset,
        })),
      },
    });
  }
  return { policyHeader, state: rateLimitHeader(decision.windows) };
}

/** The limits' headers on a finished response (what `rateLimit` does after the route). */
export function setRateLimitHeaders(c: Context<AppEnv>, allowed: RateLimitState): void {
  setResponseHeader(c, "RateLimit-Policy", allowed.policyHeader);
  setResponseHeader(c, "RateLimit", allowed.state);
}

/**
 * The windows of a tier (or of anonymous callers) at the configured scale, and their
 * RateLimit-Policy field: the same for every request, so built once per (tier, scale).
 */
const policies = new Map<string, { windows: WindowPolicy[]; policyHeader: string }>();
function policiesFor(tier: Tier | undefined, scale: LimitScale) {
  const id = `${tier ?? ""}|${scale.window}|${scale.quota}`;
  let found = policies.get(id);
  if (!found) {
    const windows = tier ? tierWindows(tier, scale) : anonymousWindows(scale);
    found = { windows, policyHeader: rateLimitPolicyHeader(windows) };
    policies.set(id, found);
  }
  return found;
}

export function rateLimitHeaders(windows: Parameters<typeof rateLimitPolicyHeader>[0], decision: Decision) {
  return { "RateLimit-Policy": rateLimitPolicyHeader(windows), RateLimit: rateLimitHeader(decision.windows) };
}
