import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../http/errors";
import { AUTH_THROTTLE, authAccountWindows, authIpWindows, parseScale, type WindowPolicy } from "../domain/limits/policies";
import type { Decision } from "../domain/limits/rate-limiter";
import { clientIp } from "../lib/request";
import { limiterFor, rateLimitHeaders } from "./rate-limit";

/**
 * Password-guessing defence for unauthenticated credential endpoints
 * (register, login, refresh, the OAuth token endpoint): per client IP and,
 * where the body names one, per account. The budget is checked before the
 * attempt and charged after it: a failure (status ≥ 400) costs
 * AUTH_THROTTLE.failureCost points, a success successCost.
 */
export function authThrottle(accountOf?: (c: Context<AppEnv>) => Promise<string | undefined>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scale = parseScale(c.env.RATE_LIMIT_WINDOW_SCALE);
    const limiter = limiterFor(c);
    const buckets: Array<[string, WindowPolicy[]]> = [[`auth-ip:${clientIp(c)}`, authIpWindows(scale)]];
    const account = accountOf ? await accountOf(c) : undefined;
    if (account) buckets.push([`auth-account:${account}`, authAccountWindows(scale)]);

    const checks = await Promise.all(buckets.map(([key, windows]) => limiter.peek(key, windows)));
    const denied = checks.find((d) => !d.allowed);
    if (denied) throw tooManyAttempts(buckets[checks.indexOf(denied)]![1], denied);

    await next();
    const cost = c.res.status >= 400 ? AUTH_THROTTLE.failureCost : AUTH_THROTTLE.successCost;
    await Promise.all(buckets.map(([key, windows]) => limiter.consume(key, windows, cost, { force: true })));
  };
}

function tooManyAttempts(windows: WindowPolicy[], decision: Decision) {
  return new AppError("RATE_LIMIT_EXCEEDED", {
    message: `Too many sign-in attempts: retry in ${decision.retryAfter} seconds.`,
    details: { retry_after: decision.retryAfter, window: windows[0]!.name },
    headers: { ...rateLimitHeaders(windows, decision), "Retry-After": String(decision.retryAfter) },
  });
}

/** The account a login attempt targets: the body's email, lower-cased. */
export async function emailInBody(c: Context<AppEnv>): Promise<string | undefined> {
  try {
    const body = (await c.req.json()) as { email?: unknown };
    return typeof body?.email === "string" ? body.email.trim().toLowerCase().slice(0, 254) : undefined;
  } catch {
    return undefined;
  }
}
