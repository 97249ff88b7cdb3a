import type { Context } from "hono";

/** The country Cloudflare reports for the request (`request.cf.country`); "unknown" locally. */
export function countryOf(c: Context): string {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  return typeof cf?.country === "string" && /^[A-Z]{2}$/.test(cf.country) ? cf.country : "unknown";
}
