import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "../http/response-headers";
import { BOOKMARK_HEADER } from "./d1-session";

/**
 * CORS for /v1 (docs/decisions.md): any origin may call with a bearer token or
 * API key; /v1 never uses cookies, so credentials are not allowed. The same
 * answers as Hono's `cors({ origin: "*", … })`, with every header value built
 * once and set after the route has answered, in place: Hono's sets them on a
 * stand-in response first, which each response then copies.
 */
const ALLOW_METHODS = ["GET", "POST", "PUT", "DELETE", "OPTIONS"].join(",");
const ALLOW_HEADERS = [
  "Authorization",
  "Content-Type",
  "X-API-Key",
  "X-Client-Version",
  "X-Request-Id",
  "Idempotency-Key",
  "X-Organization-Id",
  BOOKMARK_HEADER,
].join(",");
const EXPOSE_HEADERS = [
  "X-Request-Id",
  "X-API-Version",
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  BOOKMARK_HEADER,
].join(",");
const MAX_AGE = String(86_400);

export const cors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === "OPTIONS") {
    // A preflight (Fetch standard §3.2.2) is answered here, for any path under /v1.
    return new Response(null, {
      status: 204,
      statusText: "No Content",
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Expose-Headers": EXPOSE_HEADERS,
        "Access-Control-Max-Age": MAX_AGE,
        "Access-Control-Allow-Methods": ALLOW_METHODS,
        "Access-Control-Allow-Headers": ALLOW_HEADERS,
        Vary: "Access-Control-Request-Headers",
      },
    });
  }
  await next();
  setResponseHeader(c, "Access-Control-Allow-Origin", "*");
  setResponseHeader(c, "Access-Control-Expose-Headers", EXPOSE_HEADERS);
};
