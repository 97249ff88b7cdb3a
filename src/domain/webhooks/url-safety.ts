/**
 * Webhook URL safety (SSRF). A pure classifier, used when a webhook is
 * created or updated (→ 422) and again before every delivery.
 *
 * The WHATWG URL parser already normalises every IPv4 spelling a browser or
 * fetch() would accept — decimal `2130706433`, hex `0x7f000001`, octal
 * `0177.0.0.1`, short `127.1` — to dotted form, and compresses IPv6; we
 * classify the normalised host, so no alternative spelling slips through.
 *
 * Refused: loopback, "this network", private (RFC 1918), CGNAT (RFC 6598),
 * link-local (incl. cloud metadata 169.254.169.254), IETF/benchmark/doc
 * ranges, multicast, reserved and broadcast; IPv6 unspecified, loopback,
 * ULA fc00::/7, link-local fe80::/10, site-local, multicast, documentation,
 * and IPv4 embedded in IPv6 (mapped ::ffff:0:0/96, compatible, NAT64
 * 64:ff9b::/96, 6to4 2002::/16) when the embedded address is refused;
 * hostnames `localhost`, `*.localhost`, `*.local`, `*.internal` and
 * single-label names (resolved through search domains, RFC 6761/6762).
 *
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_URLS, local testing only) also
 * accepts http:// and loopback/private/link-local targets; cloud metadata
 * addresses stay refused even then.
 *
 * Residual risk: a public hostname whose DNS answer is private (rebinding).
 * Workers cannot resolve DNS before fetch; on Cloudflare's network outbound
 * fetches cannot reach private networks anyway.
 */
export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

const METADATA_HOSTS = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "[fd00:ec2::254]",
  "metadata.google.internal",
  "metadata",
]);

export function classifyWebhookUrl(raw: string, opts: { allowPrivate: boolean }): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a valid absolute URL" };
  }
  const allowedSchemes = opts.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!allowedSchemes.includes(url.protocol)) return { ok: false, reason: "must use https" };
  if (url.username || url.password) return { ok: false, reason: "must not contain credentials" };
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return { ok: false, reason: "has no host" };
  if (METADATA_HOSTS.has(host)) return { ok: false, reason: "targets a cloud metadata address" };

  const v4 = parseIPv4(host);
  if (v4 !== null) {
    const refusal = refusedIPv4(v4);
    return refusal && !opts.allowPrivate ? { ok: false, reason: `targets a ${refusal} address` } : { ok: true, url };
  }
  if (host.startsWith("[")) {
    const v6 = parseIPv6(host.slice(1, -1));
    if (!v6) return { ok: false, reason: "has an invalid IPv6 address" };
    const refusal = refusedIPv6(v6);
    if (refusal === "metadata") return { ok: false, reason: "targets a cloud metadata address" };
    return refusal && !opts.allowPrivate ? { ok: false, reason: `targets a ${refusal} address` } : { ok: true, url };
  }
  const hostRefusal = refusedHostname(host);
  return hostRefusal && !opts.allowPrivate ? { ok: false, reason: hostRefusal } : { ok: true, url };
}

function refusedHostname(host: string): string | null {
  if (host === "localhost" || host.endsWith(".localhost")) return "targets localhost";
  if (host.endsWith(".local") || host.endsWith(".internal") || host.endsWith(".home.arpa"))
    return "targets a local-network name";
  if (!host.includes(".")) return "must be a fully qualified domain name";
  return null;
}

/** Dotted-quad only (the URL parser has already normalised other spellings). */
function parseIPv4(host: string): number | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((acc, p) => acc * 256 + Number(p), 0);
}

const cidr4 = (a: number, b: number, c: number, d: number, bits: number) => ({
  base: ((a * 256 + b) * 256 + c) * 256 + d,
  bits,
});
const IPV4_REFUSED: Array<{ base: number; bits: number; kind: string }> = [
  { ...cidr4(0, 0, 0, 0, 8), kind: "this-network (unspecified)" },
  { ...cidr4(10, 0, 0, 0, 8), kind: "private" },
  { ...cidr4(100, 64, 0, 0, 10), kind: "carrier-grade NAT" },
  { ...cidr4(127, 0, 0, 0, 8), kind: "loopback" },
  { ...cidr4(169, 254, 0, 0, 16), kind: "link-local" },
  { ...cidr4(172, 16, 0, 0, 12), kind: "private" },
  { ...cidr4(192, 0, 0, 0, 24), kind: "IETF protocol assignment" },
  { ...cidr4(192, 0, 2, 0, 24), kind: "documentation" },
  { ...cidr4(192, 88, 99, 0, 24), kind: "6to4 relay" },
  { ...cidr4(192, 168, 0, 0, 16), kind: "private" },
  { ...cidr4(198, 18, 0, 0, 15), kind: "benchmarking" },
  { ...cidr4(198, 51, 100, 0, 24), kind: "documentation" },
  { ...cidr4(203, 0, 113, 0, 24), kind: "documentation" },
  { ...cidr4(224, 0, 0, 0, 4), kind: "multicast" },
  { ...cidr4(240, 0, 0, 0, 4), kind: "reserved or broadcast" },
];

function refusedIPv4(ip: number): string | null {
  for (const r of IPV4_REFUSED) {
    const size = 2 ** (32 - r.bits);
    if (ip >= r.base && ip < r.base + size) return r.kind;
  }
  return null;
}

/** Eight 16-bit groups, or null. Accepts `::` and a trailing dotted IPv4. */
export function parseIPv6(text: string): number[] | null {
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    // A trailing dotted IPv4 (::ffff:127.0.0.1) stands for the last two groups.
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) =>
    s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = head.length + rest.length;
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 && groups !== 8) return null;
  if (halves.length === 2 && groups > 7) return null;
  return [...head, ...new Array(8 - groups).fill(0), ...rest];
}

function refusedIPv6(g: number[]): string | null {
  const [a, b, c, d, e, f, h, i] = g as [number, number, number, number, number, number, number, number];
  const embedded = (hi: number, lo: number) => refusedIPv4(hi * 65536 + lo);
  if (g.every((x) => x === 0)) return "unspecified";
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && h === 0 && i === 1) return "loopback";
  if (a === 0xfd00 && b === 0x0ec2 && c === 0 && d === 0 && e === 0 && f === 0 && h === 0 && i === 0x254)
    return "metadata";
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0))
    return embedded(h, i) ?? (f === 0 ? "IPv4-compatible (deprecated)" : null);
  // NAT64 64:ff9b::/96 (RFC 6052) and 6to4 2002::/16 (RFC 3056) carry an IPv4 address
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return embedded(h, i);
  if (a === 0x2002) return embedded(b, c);
  if ((a & 0xfe00) === 0xfc00) return "unique local (private)";
  if ((a & 0xffc0) === 0xfe80) return "link-local";
  if ((a & 0xffc0) === 0xfec0) return "site-local";
  if ((a & 0xff00) === 0xff00) return "multicast";
  if (a === 0x2001 && b === 0x0db8) return "documentation";
  if (a === 0x0100 && b === 0 && c === 0 && d === 0) return "discard-only";
  return null;
}
