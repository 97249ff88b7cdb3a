import type { Context, MiddlewareHandler } from "hono";
import { configOf } from "../context/config";
import {
  AUTH_THROTTLE,
  authAccountWindows,
  authIpWindows,
  authSharedIpWindows,
  limitScale,
  type WindowPolicy,
} from "../domain/limits/policies";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { throttleAddress } from "../lib/request";
import { limiterFor, rateLimitHeaders } from "./rate-limit";

/**
 * Password-guessing defence for unauthenticated credential endpoints
 * (register, login, refresh, the OAuth token endpoint): per client IP, or,
 * where the body names an account, per account and IP together, per IP across
 * accounts (wider) and per account. The budget is checked before the
 * attempt and charged after it: a failure (status ≥ 400) costs
 * AUTH_THROTTLE.failureCost points, a success successCost.
 */
export function authThrottle(
  accountOf?: (c: Context<AppEnv>) => Promise<string | undefined>,
  /** How to refuse (default: the /v1 429 envelope). The OAuth token endpoint answers in RFC 6749 form. */
  refuse?: (retryAfter: number, headers: Record<string, string>) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scale = limitScale(configOf(c.env));
    const limiter = limiterFor(c);
    const ip = throttleAddress(c);
    const account = accountOf ? await accountOf(c) : undefined;
    // Naming an account: the tight budget is the account's from this address, beside a wide one for
    // the address (many people share an office's) and the account's own across addresses.
    const buckets: Array<[string, WindowPolicy[]]> = account
      ? [
          [`auth-pair:${account}:${ip}`, authIpWindows(scale)],
          [`auth-ip-shared:${ip}`, authSharedIpWindows(scale)],
          [`auth-account:${account}`, authAccountWindows(scale)],
        ]
      : [
          [`auth-ip:${ip}`, authIpWindows(scale)],
          [`auth-ip-shared:${ip}`, authSharedIpWindows(scale)],
        ];

    const checks = await Promise.all(buckets.map(([key, windows]) => limiter.peek(key, windows)));
    const denied = checks.find((d) => !d.allowed);
    if (denied) {
      const limits = rateLimitHeaders(buckets[checks.indexOf(denied)]![1], denied);
      if (refuse) return refuse(denied.retryAfter, { ...limits, "Retry-After": String(denied.retryAfter) });
      // The /v1 envelope: onError adds Retry-After from details.retry_after.
      for (const [name, value] of Object.entries(limits)) c.header(name, value);
      throw new AppError("RATE_LIMIT_EXCEEDED", {
        message: `Too many sign-in attempts: retry in ${denied.retryAfter} seconds.`,
        details: { retry_after: denied.retryAfter },
      });
    }

    await next();
    const cost = c.res.status >= 400 ? AUTH_THROTTLE.failureCost : AUTH_THROTTLE.successCost;
    await Promise.all(buckets.map(([key, windows]) => limiter.consume(key, windows, cost, { force: true })));
  };
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
