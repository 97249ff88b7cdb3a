import type { MiddlewareHandler } from "hono";

/**
 * Security headers for API responses (OWASP API8: misconfiguration). JSON is
 * never rendered, so the CSP forbids everything; HTML pages set their own.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const set = (name: string, value: string) => {
    if (!c.res.headers.has(name)) c.header(name, value);
  };
  set("X-Content-Type-Options", "nosniff");
  set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  set("X-Frame-Options", "DENY");
  set("Referrer-Policy", "no-referrer");
  set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  set("Cache-Control", "no-store");
};
