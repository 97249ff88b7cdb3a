import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { setResponseHeader } from "../http/response-headers";
import { requestedVersion, servedVersion } from "./client-version";
import { BOOKMARK_HEADER } from "./d1-session";

/**
 * CORS for /v1 (docs/decisions.md): any origin may call with a bearer token or
 * API key; /v1 never uses cookies, so credentials are not allowed. The same
 * answers as Hono's `cors({ origin: "*", … })`, with every header value built
 * once and set after the route has answered, in place: Hono's sets them on a
 * stand-in response first, which each response then copies. Only cross-origin requests (with
 * `Origin`) get them.
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

export const cors: MiddlewareHandler<AppEnv> = async (c, next) => {
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
  // A browser's cross-origin request always carries Origin (Fetch standard §3.1); the answer's CORS
  // headers are read only then, so requests without one (servers, CLIs) are spared two headers.
  const crossOrigin = c.req.raw.headers.has("origin");
  // The client version is the request path's next step (docs/architecture.md), taken in this layer:
  // one async step of Hono's chain fewer on every /v1 request (src/middleware/client-version.ts).
  const version = requestedVersion(c);
  if (version !== undefined) {
    await next();
    servedVersion(c, version);
  }
  if (crossOrigin) {
    setResponseHeader(c, "Access-Control-Allow-Origin", "*");
    setResponseHeader(c, "Access-Control-Expose-Headers", EXPOSE_HEADERS);
  } else if (c.res.headers.has("cache-control")) {
    // A route that lets caches keep its answer (the others are no-store): one kept for a request
    // without Origin must not be served to a browser's cross-origin one (RFC 9110 §12.5.5).
    setResponseHeader(c, "Vary", "Origin");
  }
};
