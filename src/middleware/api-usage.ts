import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { countApiCall } from "../db/api-usage";
import { utcDay } from "../domain/billing/period";
import { afterResponse } from "../lib/background";

/**
 * Counts authenticated API calls per user per day (the Billing record's
 * usage.api_calls). The count is written after the response, off the
 * request's critical path (waitUntil); a failed count is only logged.
 */
export const apiUsage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const principal = c.get("principal");
  if (!principal) return;
  const write = countApiCall(c.env.DB, principal.userId, utcDay(Date.now())).catch((err) =>
    console.error(JSON.stringify({ msg: "api call not counted", error: String(err) })),
  );
  await afterResponse(c, write);
};
