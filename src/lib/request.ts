import type { Context } from "hono";
import { formatIPv6, isDottedIPv4, parseIPv6 } from "./ip-address";

/** The country Cloudflare reports for the request (`request.cf.country`); "unknown" locally. */
export function countryOf(c: Context): string {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  return typeof cf?.country === "string" && /^[A-Z]{2}$/.test(cf.country) ? cf.country : "unknown";
}

/**
 * The country Cloudflare reported: `request.cf.country`, else the `CF-IPCountry` header its edge sets
 * (shown to the person beside their sign-ins, never used to decide anything). Undefined without one.
 */
export function reportedCountry(c: Context): string | undefined {
  const cf = (c.req.raw as Request & { cf?: { country?: unknown } }).cf;
  const value = typeof cf?.country === "string" ? cf.country : c.req.header("cf-ipcountry");
  return value && /^[A-Z]{2}$/.test(value) && value !== "XX" ? value : undefined;
}

/**
 * The client address: the one home where the service reads it, for the throttles (`throttleAddress`)
 * and the audit log (docs/security.md "Client IP"). Only `CF-Connecting-IP`: Cloudflare's edge sets it
 * to the address of the connection it accepted, whatever the client sent. X-Forwarded-For keeps
 * every hop a client writes before Cloudflare appends its own, True-Client-IP is only Cloudflare's
 * with an Enterprise zone setting (and a client's otherwise), X-Real-IP is nobody's here: none of
 * them is ever read. A value that is not one IP address literal (never Cloudflare's) is "unknown".
 */
export function clientIp(c: Context): string {
  return ipLiteral(c.req.header("cf-connecting-ip")) ?? "unknown";
}

/** The address as one canonical literal (IPv6 lower case, groups without leading zeros), or undefined. */
export function ipLiteral(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (isDottedIPv4(v)) return v;
  const groups = parseIPv6(v);
  return groups ? formatIPv6(groups) : undefined;
}

/**
 * The address a per-client throttle counts: an IPv4 address as is; an IPv6 one by its /64, the
 * smallest prefix a subscriber is assigned (RFC 6177), so one client cycling through the 2^64
 * addresses of its own network is still one client; an IPv4-mapped address as its IPv4.
 */
export function throttleAddress(c: Context): string {
  const ip = clientIp(c);
  if (!ip.includes(":")) return ip;
  const groups = parseIPv6(ip)!;
  if (groups.slice(0, 6).every((g, i) => g === (i === 5 ? 0xffff : 0))) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${formatIPv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
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
