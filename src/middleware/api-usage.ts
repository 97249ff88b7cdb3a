import type { MiddlewareHandler } from "hono";
import { countApiCall } from "../db/api-usage";
import type { AppEnv } from "../env";
import { utcDate } from "../lib/clock";
import { waitUntilOf } from "../lib/request";

/**
 * Counts authenticated API calls per user per day (the Billing record's
 * usage.api_calls), coalesced in the isolate and written off the request
 * path (src/db/api-usage.ts).
 */
export const apiUsage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const principal = c.get("principal");
  if (principal) countApiCall(c.env.DB, principal.userId, utcDate(Date.now()), waitUntilOf(c));
};
