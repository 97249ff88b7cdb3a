import type { Context } from "hono";

/** The country Cloudflare reports for the request (`request.cf.country`); "unknown" locally. */
export function countryOf(c: Context): string {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  return typeof cf?.country === "string" && /^[A-Z]{2}$/.test(cf.country) ? cf.country : "unknown";
}

/** The client address Cloudflare reports (CF-Connecting-IP cannot be set by clients at the edge). */
export function clientIp(c: Context): string {
  return c.req.header("cf-connecting-ip") ?? "unknown";
}

/** ctx.waitUntil when there is an execution context (there always is in the Workers runtime). */
export function waitUntilOf(c: Context): (p: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx;
    return (p) => ctx.waitUntil(p);
  } catch {
    return (p) => void p.catch(() => undefined);
  }
}
