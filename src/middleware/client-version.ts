import type { Context } from "hono";
import { AppError } from "../errors";
import { API_VERSIONS, CURRENT_API_VERSION } from "../http/api-versions";
import type { AppEnv } from "../http/app-env";
import { answerWithError } from "../http/on-error";
import { setResponseHeader } from "../http/response-headers";
import { isCalendarDate } from "../lib/clock";

function resolveApiVersion(requested: string | undefined): string {
  if (requested === undefined) return CURRENT_API_VERSION;
  if (!isCalendarDate(requested.trim())) {
    throw new AppError("INVALID_FIELD_VALUE", {
      message: "X-Client-Version must be a date in the form YYYY-MM-DD.",
      details: { field: "X-Client-Version", reason: "must be a calendar date YYYY-MM-DD", location: "header" },
    });
  }
  const date = requested.trim();
  let chosen: string = API_VERSIONS[0];
  for (const v of API_VERSIONS) if (v <= date) chosen = v;
  return chosen;
}

/**
 * The version a request asks for, set as `apiVersion`; or, for a malformed one, undefined with its
 * refusal set as the response, rendered by onError as Hono's compose renders an error thrown from a
 * layer of its own. The step runs inside the CORS layer (src/middleware/cors.ts), one async step
 * fewer per request, and the refusal still gets the CORS headers.
 */
export function requestedVersion(c: Context<AppEnv>): string | undefined {
  try {
    const version = resolveApiVersion(c.req.header("x-client-version"));
    c.set("apiVersion", version);
    return version;
  } catch (err) {
    answerWithError(c, err as Error);
    return undefined;
  }
}

/** The version that served the request, on its response. */
export function servedVersion(c: Context<AppEnv>, version: string): void {
  setResponseHeader(c, "X-API-Version", version);
}
