import type { MiddlewareHandler } from "hono";
import { setResponseHeadersIfAbsent } from "../http/response-headers";

/** Built once: every response gets the same values. */
const SECURITY_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
  ["Cache-Control", "no-store"],
] as const;

/**
 * Security headers for API responses (OWASP API8: misconfiguration), set on every finished
 * response where the route did not set its own (src/app.ts). JSON is never rendered, so the CSP
 * forbids everything; HTML pages set their own.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setResponseHeadersIfAbsent(c, SECURITY_HEADERS);
  };
}
