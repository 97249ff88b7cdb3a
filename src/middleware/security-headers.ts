/**
 * Security headers for API responses (OWASP API8: misconfiguration), set on every finished
 * response where the route did not set its own (by requestFrame, src/middleware/request-frame.ts).
 * JSON is never rendered, so the CSP forbids everything; HTML pages set their own. Built once:
 * every response gets the same values.
 */
export const SECURITY_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["X-Frame-Options", "DENY"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
  ["Cache-Control", "no-store"],
] as const;
