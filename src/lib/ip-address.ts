/*
 * IP address literals: the one home of their parsing, for the client address (lib/request.ts) and
 * the outbound-target classifier (lib/target-address.ts).
 */

const DOTTED_IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_CHARS = /^[0-9a-f:.]{2,45}$/;

/** Whether `text` is a dotted-quad IPv4 address in its one canonical spelling ("127.0.0.1"). */
export const isDottedIPv4 = (text: string) => DOTTED_IPV4.test(text);

/**
 * An IPv4 address in any spelling the WHATWG URL host parser and inet_aton(3) accept, as a 32-bit
 * number, or null: one to four parts, each decimal, `0x` hex or `0` octal, the last filling the
 * bytes left (`127.1`, `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`), with an optional trailing dot.
 * A host spelled so reaches the address whatever a URL parser makes of it (an `ldap://` URL's host is
 * not normalised), so the classifier reads them all.
 */
export function parseIPv4(text: string): number | null {
  const parts = (text.endsWith(".") ? text.slice(0, -1) : text).split(".");
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part, 8);
    else if (/^(0|[1-9]\d*)$/.test(part)) value = Number(part);
    else return null;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  return values.reduce((acc, v, i) => acc + v * 256 ** (3 - i), 0) + last;
}

/** The eight 16-bit groups of a lower-case IPv6 literal (RFC 4291 §2.2, embedded dotted IPv4 included), or undefined. */
export function parseIPv6(v: string): number[] | undefined {
  if (!IPV6_CHARS.test(v)) return undefined;
  const halves = v.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes(".")) {
        if (!DOTTED_IPV4.test(piece)) return undefined;
        const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
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
export function formatIPv6(groups: number[]): string {
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
