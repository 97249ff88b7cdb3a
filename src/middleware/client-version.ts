import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { setResponseHeader } from "../http/response-headers";
import { isCalendarDate } from "../lib/clock";

/**
 * API versions by release date (spec part 9). A client pins behaviour with
 * `X-Client-Version: YYYY-MM-DD`; the date resolves to the newest version
 * released on or before it (a date before the first release gets the first;
 * a future date gets the current). Responses say which version served them
 * in `X-API-Version`. Malformed dates → 400 INVALID_FIELD_VALUE.
 */
export const API_VERSIONS = ["2026-11-01"] as const;
export const CURRENT_API_VERSION = API_VERSIONS[API_VERSIONS.length - 1]!;

export function resolveApiVersion(requested: string | undefined): string {
  if (requested === undefined) return CURRENT_API_VERSION;
  if (!isCalendarDate(requested.trim())) {
    throw new AppError("INVALID_FIELD_VALUE", {
      status: 400,
      message: "X-Client-Version must be a date in the form YYYY-MM-DD.",
      details: { field: "X-Client-Version", reason: "must be a calendar date YYYY-MM-DD", location: "header" },
    });
  }
  const date = requested.trim();
  let chosen: string = API_VERSIONS[0];
  for (const v of API_VERSIONS) if (v <= date) chosen = v;
  return chosen;
}

/** The version a request asks for (`apiVersion`), and the one that served it on the response. */
export function clientVersion(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const version = resolveApiVersion(c.req.header("x-client-version"));
    c.set("apiVersion", version);
    await next();
    setResponseHeader(c, "X-API-Version", version);
  };
}
