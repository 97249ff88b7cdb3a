import type { Context } from "hono";

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

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARS = /^[0-9a-f:.]{2,45}$/;

/** The address as one canonical literal (IPv6 lower case, groups without leading zeros), or undefined. */
export function ipLiteral(value: string | undefined): string | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (IPV4.test(v)) return v;
  const groups = ipv6Groups(v);
  return groups ? compressIpv6(groups) : undefined;
}

/** The eight 16-bit groups of an IPv6 literal (RFC 4291 §2.2, embedded IPv4 included), or undefined. */
function ipv6Groups(v: string): number[] | undefined {
  if (!IPV6_CHARS.test(v)) return undefined;
  const halves = v.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        if (!IPV4.test(piece)) return undefined;
        const [a, b, c2, d] = piece.split(".").map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c2 << 8) | d);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(Number.parseInt(piece, 16));
      else return undefined;
    }
    return out;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
function compressIpv6(groups: number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(":");
  return `${hex.slice(0, best).join(":")}::${hex.slice(best + bestLen).join(":")}`;
}

/**
 * The address a per-client throttle counts: an IPv4 address as is; an IPv6 one by its /64, the
 * smallest prefix a subscriber is assigned (RFC 6177), so one client cycling through the 2^64
 * addresses of its own network is still one client; an IPv4-mapped address as its IPv4.
 */
export function throttleAddress(c: Context): string {
  const ip = clientIp(c);
  if (!ip.includes(":")) return ip;
  const groups = ipv6Groups(ip)!;
  if (groups.slice(0, 6).every((g, i) => g === (i === 5 ? 0xffff : 0))) {
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  }
  return `${compressIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
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
