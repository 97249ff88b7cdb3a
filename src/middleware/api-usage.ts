import type { Context, MiddlewareHandler } from "hono";
import { countApiCall } from "../db/api-usage";
import type { AppEnv } from "../http/app-env";
import { DAY_MS, utcDate } from "../lib/clock";
import { waitUntilOf } from "../lib/request";
import { presentedCredentials } from "./authenticate";
import { enforceRateLimit, setRateLimitHeaders } from "./rate-limit";

/**
 * Counts authenticated API calls per user per day (the Billing record's
 * usage.api_calls), coalesced in the isolate and written off the request
 * path (src/db/api-usage.ts): each finished /v1 request that authenticated
 * with a token or key of the caller's. It runs with the rate limit, after its
 * check (src/app.ts), so a refusal (429) is not counted. The console's page loads (its session
 * cookie) are not the user's API calls and are not counted (docs/decisions.md, "Console").
 *
 * The rate limit (src/middleware/rate-limit.ts) and this count are one layer of the chain, as
 * `rateLimit(), apiUsage()` were two, with the same effects in the same order (the count, then the
 * limit's headers): each layer of Hono's chain is an async step of its own on every request.
 */
export function rateLimitAndCount(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const allowed = await enforceRateLimit(c);
    await next();
    countApiUsage(c);
    setRateLimitHeaders(c, allowed);
  };
}

function countApiUsage(c: Context<AppEnv>): void {
  const principal = c.get("principal");
  if (principal && !presentedCredentials(c).fromConsole)
    countApiCall(c.env.DB, principal.userId, today(Date.now()), waitUntilOf(c));
}

/**
 * The UTC date of `now`, formatted once per day: a Date's ISO string per request showed in CPU
 * profiles of reads. UTC days are whole multiples of DAY_MS from the epoch (no leap seconds in
 * ECMAScript time, §21.4.1.1), so the day's first millisecond names it.
 */
let day = { start: Number.NaN, date: "" };
function today(now: number): string {
  const start = Math.floor(now / DAY_MS) * DAY_MS;
  if (start !== day.start) day = { start, date: utcDate(start) };
  return day.date;
}
