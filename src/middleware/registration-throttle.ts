import type { MiddlewareHandler } from "hono";
import { configOf } from "../context/config";
import { limitScale, registrationWindows } from "../domain/limits/policies";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { throttleAddress } from "../lib/request";
import { limiterFor, rateLimitHeaders } from "./rate-limit";

/**
 * Accounts created per client address (REGISTRATIONS_PER_ADDRESS_PER_HOUR): checked before the
 * registration, charged only for one that created an account (a refused one already costs the
 * sign-in throttle's failure points). Beside authThrottle, which bounds attempts per minute.
 */
export const registrationThrottle: MiddlewareHandler<AppEnv> = async (c, next) => {
  const windows = registrationWindows(limitScale(configOf(c.env)));
  const key = `register-ip:${throttleAddress(c)}`;
  const limiter = limiterFor(c);
  const decision = await limiter.peek(key, windows);
  if (!decision.allowed) {
    for (const [name, value] of Object.entries(rateLimitHeaders(windows, decision))) c.header(name, value);
    throw new AppError("RATE_LIMIT_EXCEEDED", {
      message: `Too many accounts created from this address: retry in ${decision.retryAfter} seconds.`,
      details: { retry_after: decision.retryAfter },
    });
  }
  await next();
  if (c.res.status === 201) await limiter.consume(key, windows, 1, { force: true });
};
