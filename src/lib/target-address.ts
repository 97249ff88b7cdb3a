import { parseIPv4, parseIPv6 } from "./ip-address";

/*
 * The one classifier of outbound targets (SSRF, OWASP API7): every place the service reaches a host a
 * client named — webhook URLs at create, update and each delivery, Client ID Metadata Documents —
 * asks it. Pure: it reads the host's spelling, never DNS (Workers cannot resolve a name before
 * fetch; on Cloudflare's network a fetch cannot reach private networks anyway).
 *
 * Every spelling of an address is read: IPv4 in decimal, hex, octal and short forms (parseIPv4),
 * and IPv4 carried in IPv6 — mapped ::ffff:0:0/96, translated ::ffff:0:0:0/96 (RFC 2765),
 * compatible ::/96, NAT64 64:ff9b::/96 (RFC 6052) and its local-use 64:ff9b:1::/48 (RFC 8215),
 * 6to4 2002::/16 (RFC 3056), Teredo 2001::/32 (RFC 4380) — is classified as the IPv4 it carries.
 */

/**
 * `metadata`: a cloud's instance metadata and its neighbours (the whole of IPv4 link-local
 * 169.254.0.0/16, where every major cloud serves metadata, DNS and time; Alibaba's 100.100.100.200;
 * AWS's IPv6 fd00:ec2::/32; the metadata host names): refused always, "allow private" included.
 * `private`: loopback, private, shared, link-local, documentation, multicast, reserved and local
 * names: refused unless private targets are allowed (development). `invalid`: not an address or a
 * name at all: refused always.
 */
export type TargetClass =
  | { kind: "public" }
  | { kind: "metadata"; reason: string }
  | { kind: "private"; reason: string }
  | { kind: "invalid"; reason: string };

const PUBLIC: TargetClass = { kind: "public" };
const METADATA: TargetClass = { kind: "metadata", reason: "a cloud metadata address" };
const METADATA_NAMES = new Set([
  "metadata",
  "metadata.google.internal",
  "metadata.goog",
  "instance-data",
  "instance-data.ec2.internal",
]);

const cidr4 = (dotted: string, bits: number, kind: "metadata" | "private", reason: string) => ({
  base: parseIPv4(dotted)!,
  size: 2 ** (32 - bits),
  kind,
  reason,
});
const IPV4_RANGES = [
  cidr4("169.254.0.0", 16, "metadata", "a link-local (cloud metadata) address"),
  cidr4("100.100.100.200", 32, "metadata", "a cloud metadata address"),
  cidr4("0.0.0.0", 8, "private", "a this-network (unspecified) address"),
  cidr4("10.0.0.0", 8, "private", "a private address"),
  cidr4("100.64.0.0", 10, "private", "a carrier-grade NAT address"),
  cidr4("127.0.0.0", 8, "private", "a loopback address"),
  cidr4("172.16.0.0", 12, "private", "a private address"),
  cidr4("192.0.0.0", 24, "private", "an IETF protocol assignment address"),
  cidr4("192.0.2.0", 24, "private", "a documentation address"),
  cidr4("192.88.99.0", 24, "private", "a 6to4 relay address"),
  cidr4("192.168.0.0", 16, "private", "a private address"),
  cidr4("198.18.0.0", 15, "private", "a benchmarking address"),
  cidr4("198.51.100.0", 24, "private", "a documentation address"),
  cidr4("203.0.113.0", 24, "private", "a documentation address"),
  cidr4("224.0.0.0", 4, "private", "a multicast address"),
  cidr4("240.0.0.0", 4, "private", "a reserved or broadcast address"),
];

function classifyIPv4(ip: number): TargetClass {
  const range = IPV4_RANGES.find((r) => ip >= r.base && ip < r.base + r.size);
  return range ? { kind: range.kind, reason: range.reason } : PUBLIC;
}

/** The stricter of two classes (metadata over invalid over private over public). */
const ORDER = ["public", "private", "invalid", "metadata"] as const;
const stricter = (a: TargetClass, b: TargetClass) => (ORDER.indexOf(a.kind) >= ORDER.indexOf(b.kind) ? a : b);

/** A tunnel or translation prefix: its carried IPv4 decides, and it is never more public than `floor`. */
const carrying = (ipv4: number, floor: TargetClass = PUBLIC) => stricter(classifyIPv4(ipv4), floor);

function classifyIPv6(g: number[]): TargetClass {
  const [a, b, c, d, e, f, h, i] = g as [number, number, number, number, number, number, number, number];
  const low32 = h * 65536 + i;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return { kind: "private", reason: "the unspecified address" };
  if (zeroTo(7) && i === 1) return { kind: "private", reason: "a loopback address" };
  if (a === 0xfd00 && b === 0x0ec2) return METADATA;
  if (zeroTo(5) && f === 0xffff) return carrying(low32);
  if (zeroTo(4) && e === 0xffff && f === 0) return carrying(low32);
  if (zeroTo(6)) return carrying(low32, { kind: "private", reason: "an IPv4-compatible address (deprecated)" });
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return carrying(low32);
  if (a === 0x64 && b === 0xff9b && c === 1)
    return carrying(low32, { kind: "private", reason: "a local-use NAT64 address" });
  if (a === 0x2002) return carrying(b * 65536 + c);
  // Teredo: the server's IPv4 in clear, the client's inverted (RFC 4380 §4).
  if (a === 0x2001 && b === 0) {
    const client = (~low32 >>> 0) as number;
    return stricter(carrying(c * 65536 + d), carrying(client, { kind: "private", reason: "a Teredo tunnel address" }));
  }
  if ((a & 0xfe00) === 0xfc00) return { kind: "private", reason: "a unique local (private) address" };
  if ((a & 0xffc0) === 0xfe80) return { kind: "private", reason: "a link-local address" };
  if ((a & 0xffc0) === 0xfec0) return { kind: "private", reason: "a site-local address" };
  if ((a & 0xff00) === 0xff00) return { kind: "private", reason: "a multicast address" };
  if (a === 0x2001 && b === 0x0db8) return { kind: "private", reason: "a documentation address" };
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return { kind: "private", reason: "a discard-only address" };
  return PUBLIC;
}

/**
 * A URL's host as the URL parser left it (`URL.hostname`: an IPv6 literal in brackets; an IPv4
 * one normalised for http(s) but as written for other schemes), or a bare address.
 */
export function classifyHost(raw: string): TargetClass {
  const host = raw.toLowerCase().replace(/\.$/, "");
  if (!host) return { kind: "invalid", reason: "no host" };
  const bracketed = host.startsWith("[") && host.endsWith("]");
  if (bracketed || host.includes(":")) {
    const groups = parseIPv6(bracketed ? host.slice(1, -1) : host);
    return groups ? classifyIPv6(groups) : { kind: "invalid", reason: "an invalid IPv6 address" };
  }
  const v4 = parseIPv4(host);
  if (v4 !== null) return classifyIPv4(v4);
  // A name whose last label is numeric is no name: URL parsers treat it as a (malformed) IPv4 address.
  if (/^(0x[0-9a-f]*|\d+)$/.test(host.split(".").pop()!))
    return { kind: "invalid", reason: "a malformed IPv4 address" };
  if (METADATA_NAMES.has(host)) return METADATA;
  if (host === "localhost" || host.endsWith(".localhost")) return { kind: "private", reason: "localhost" };
  if (host.endsWith(".local") || host.endsWith(".internal") || host.endsWith(".home.arpa"))
    return { kind: "private", reason: "a local-network name" };
  if (!host.includes(".")) return { kind: "private", reason: "a name that is not fully qualified" };
  return PUBLIC;
}

/** Why the service must not reach `host`, or null: private targets only where `allowPrivate`, metadata never. */
function hostRefusal(host: string, opts: { allowPrivate: boolean }): string | null {
  const verdict = classifyHost(host);
  if (verdict.kind === "public" || (verdict.kind === "private" && opts.allowPrivate)) return null;
  return `targets ${verdict.reason}`;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * An http(s) URL the service may send a request to: https (http too where private targets are
 * allowed, development), no credentials in it, a host `hostRefusal` lets through.
 */
export function checkHttpTarget(raw: string, opts: { allowPrivate: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a valid absolute URL" };
  }
  const schemes = opts.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return { ok: false, reason: "must use https" };
  if (url.username || url.password) return { ok: false, reason: "must not contain credentials" };
  const refusal = hostRefusal(url.hostname, opts);
  return refusal ? { ok: false, reason: refusal } : { ok: true, url };
}
