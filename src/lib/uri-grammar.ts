/**
 * RFC 3986's URI grammar, the parts the service's own URI checks share, as regular-expression
 * sources to compose: the webhook URL's pattern (routes/webhooks/schemas.ts, published in the
 * document) and the redirect URIs' check (domain/identity/oauth/redirect-uris.ts).
 */

/** §2.1 `pct-encoded`: `%` and two hex digits, never `%` alone. */
export const PCT_ENCODED = "%[0-9A-Fa-f]{2}";

/** §3.2.2 `dec-octet`: 0–255 without leading zeros. */
const DEC_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";

/** §3.2.2 `IPv4address`: four dotted `dec-octet`s. */
export const IPV4_ADDRESS = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;

const H16 = "[0-9A-Fa-f]{1,4}";
const LS32 = `(?:${H16}:${H16}|${IPV4_ADDRESS})`;

/** §3.2.2 `IPv6address`, its nine alternatives in the RFC's order (n groups before `::`, 8-n-… after). */
const IPV6_ADDRESS = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join("|");

/**
 * §3.2.2 `IP-literal` with an IPv6 address: in brackets, the only place `[` and `]` may stand in
 * an authority. `IPvFuture` is left out: the URL Standard's parser, which reads every URI the
 * service takes, refuses it.
 */
export const IP_LITERAL = `\\[(?:${IPV6_ADDRESS})\\]`;
