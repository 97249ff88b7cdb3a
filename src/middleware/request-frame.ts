import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import { setResponseHeader, setResponseHeadersIfAbsent } from "../http/response-headers";
import { assignRequestId } from "./request-id";
import { logRequest } from "./request-log";
import { SECURITY_HEADERS } from "./security-headers";

/**
 * The request path's first three steps as one middleware (src/app.ts): the request id
 * (src/middleware/request-id.ts), the security headers (security-headers.ts) and the log line and
 * metric (request-log.ts), with the same effects in the same order as `requestId(), securityHeaders(),
 * requestLog()`: once answered, the log line first, then the security headers, then X-Request-Id.
 * One layer instead of three, because each layer of Hono's chain is an async step of its own on
 * every request. None of the three refuses anything; a refusal further in is answered by the
 * layer that raised it (Hono's compose runs onError there), so this one always sees a response.
 */
export function requestFrame(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = assignRequestId(c);
    const startedAt = Date.now();
    await next();
    logRequest(c, startedAt);
    setResponseHeadersIfAbsent(c, SECURITY_HEADERS);
    setResponseHeader(c, "X-Request-Id", id);
  };
}
