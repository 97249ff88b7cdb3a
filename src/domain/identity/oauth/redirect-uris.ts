import { IP_LITERAL, PCT_ENCODED } from "../../../lib/uri-grammar";

/**
 * Redirect URI rules (RFC 6749 §3.1.2, RFC 8252 §7.3/§8.3, RFC 9700 §4.1.3):
 * absolute; https, or http only on a loopback address (native apps); no
 * fragment; no userinfo. Compared by exact string match, never by prefix.
 */
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
export const MAX_REDIRECT_URIS = 10;

/**
 * RFC 3986 §3's grammar for a URI with an authority (`scheme://host[:port]path?query`), each part
 * in its own characters: `[` and `]` only around an IP literal host (§3.2.2), `%` only with two hex
 * digits (§2.1). The WHATWG URL parser below is lenient where RFC 3986 is not (a `\` read as `/`,
 * spaces, non-ASCII, a `[` in a path), and the value is compared and sent back exactly as
 * registered, so it must already be a URI as clients read one.
 */
const PCHAR = `(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|${PCT_ENCODED})`;
const REG_NAME = `(?:[A-Za-z0-9\\-._~!$&'()*+,;=]|${PCT_ENCODED})*`;
const USERINFO = `(?:(?:[A-Za-z0-9\\-._~!$&'()*+,;=:]|${PCT_ENCODED})*@)?`;
const RFC3986_URI = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.\\-]*://${USERINFO}(?:${IP_LITERAL}|${REG_NAME})(?::[0-9]*)?` +
    `(?:/${PCHAR}*)*(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
);

export function redirectUriProblem(value: string): string | null {
  if (value.length > 2000) return "is too long";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URI";
  }
  if (value.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  const allowed = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname));
  if (!allowed) return "must use https, or http on a loopback address (127.0.0.1, [::1], localhost)";
  return RFC3986_URI.test(value) ? null : "must be an RFC 3986 URI (percent-encode other characters)";
}

/**
 * Exact match against the registered list (RFC 9700 §4.1.3), except that an http loopback URI matches on any
 * port (RFC 8252 §7.3: a native app listens on whatever port the system gives it). `localhost` is treated like the
 * IP literals, as many MCP clients register it (RFC 8252 §8.3 only recommends against it).
 */
export function isRegisteredRedirectUri(registered: readonly string[], candidate: string): boolean {
  if (registered.includes(candidate)) return true;
  const portless = loopbackWithoutPort(candidate);
  return portless !== null && registered.some((r) => loopbackWithoutPort(r) === portless);
}

/** An http loopback URI with its port left out; null for any other URI. */
function loopbackWithoutPort(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (uri.includes("#") || url.username || url.password) return null;
  url.port = "";
  return url.toString();
}
