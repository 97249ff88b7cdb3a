import type { Context, MiddlewareHandler } from "hono";
import {
  AUTH_THROTTLE,
  authAccountWindows,
  authIpAnyAccountWindows,
  authIpWindows,
  authPairWindows,
  parseScale,
  type WindowPolicy,
} from "../domain/limits/policies";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { clientIp } from "../lib/request";
import { limiterFor, rateLimitHeaders } from "./rate-limit";

/**
 * Password-guessing defence for unauthenticated credential endpoints
 * (register, login, refresh, the OAuth token endpoint). Where the request names
 * an account, it counts per (account, client IP) pair, per account, and per IP
 * over all accounts with a wide budget: one person mistyping cannot lock out a
 * colleague behind the same address (docs/decisions.md, "Accounts"). Without
 * an account, per client IP, and against the same wide per-IP budget, which
 * password guesses and client-secret guesses from one address therefore share. The budget is checked before the attempt and
 * charged after it: a failure (status ≥ 400) costs `failureCost` points
 * (default AUTH_THROTTLE.failureCost), a success successCost.
 */
export function authThrottle(
  accountOf?: (c: Context<AppEnv>) => Promise<string | undefined>,
  /** How to refuse (default: the /v1 429 envelope). The OAuth token endpoint answers in RFC 6749 form. */
  refuse: (retryAfter: number, headers: Record<string, string>) => Response | Promise<Response> = refuseWithEnvelope,
  /**
   * What a refused attempt costs. A refresh presents a 256-bit token, not a password: a missing,
   * expired or revoked one is no guess worth slowing, so refresh routes charge a failure like a success.
   */
  { failureCost = AUTH_THROTTLE.failureCost }: { failureCost?: number } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const scale = parseScale(c.env.RATE_LIMIT_WINDOW_SCALE);
    const limiter = limiterFor(c);
    const ip = clientIp(c);
    const account = accountOf ? await accountOf(c) : undefined;
    const buckets: Array<[string, WindowPolicy[]]> = account
      ? [
          [`auth-pair:${account}|${ip}`, authPairWindows(scale)],
          [`auth-account:${account}`, authAccountWindows(scale)],
          [`auth-ip-any:${ip}`, authIpAnyAccountWindows(scale)],
        ]
      : [
          [`auth-ip:${ip}`, authIpWindows(scale)],
          [`auth-ip-any:${ip}`, authIpAnyAccountWindows(scale)],
        ];

    const checks = await Promise.all(buckets.map(([key, windows]) => limiter.peek(key, windows)));
    const denied = checks.find((d) => !d.allowed);
    if (denied) {
      const headers = {
        ...rateLimitHeaders(buckets[checks.indexOf(denied)]![1], denied),
        "Retry-After": String(denied.retryAfter),
      };
      return refuse(denied.retryAfter, headers);
    }

    await next();
    const cost = c.res.status >= 400 ? failureCost : AUTH_THROTTLE.successCost;
    await Promise.all(buckets.map(([key, windows]) => limiter.consume(key, windows, cost, { force: true })));
  };
}

function refuseWithEnvelope(retryAfter: number, headers: Record<string, string>): never {
  throw new AppError("RATE_LIMIT_EXCEEDED", {
    message: `Too many sign-in attempts: retry in ${retryAfter} seconds.`,
    details: { retry_after: retryAfter },
    headers,
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
