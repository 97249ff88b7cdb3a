import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "../errors";
import { timingSafeEqual } from "../lib/crypto";

/**
 * The console's browser session (docs/security.md "Console"): the login
 * access token in an HttpOnly, SameSite=Strict cookie the page's scripts
 * cannot read, and a double-submit CSRF token in a readable cookie that the
 * console echoes as `X-CSRF-Token` on every unsafe request. Over https the
 * names carry the `__Host-` prefix (Secure, Path=/, no Domain: RFC 6265bis
 * §4.1.3.2); plain http is only ever local development on 127.0.0.1.
 */
export const CONSOLE_COOKIE_BASE = { session: "sas_session", refresh: "sas_refresh", csrf: "sas_csrf" } as const;
const CSRF_HEADER = "X-CSRF-Token";
/** The refresh token is sent only to the console's own session route. */
export const REFRESH_COOKIE_PATH = "/console/session";
/** "Sign in with SSO" on the console: started here, and back here from the ACS (browser-handoff.ts). */
export const CONSOLE_SSO_PATH = "/console/session/sso";
export const CONSOLE_SSO_FINISH_PATH = `${CONSOLE_SSO_PATH}/finish`;

export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:";
}

export function consoleCookieName(c: Context, base: keyof typeof CONSOLE_COOKIE_BASE): string {
  const name = CONSOLE_COOKIE_BASE[base];
  if (!isHttps(c)) return name;
  // The refresh cookie has a narrower Path, which `__Host-` forbids.
  return base === "refresh" ? `__Secure-${name}` : `__Host-${name}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The access token a console cookie carries, or undefined when there is none.
 * Unsafe methods also need `X-CSRF-Token` equal to the CSRF cookie: a form or
 * script on another site can make the browser send the cookie (same-site
 * sibling origins pass SameSite=Strict) but can neither read the CSRF cookie
 * nor set a custom header without a CORS preflight we refuse for cookies.
 * A WebSocket handshake needs an Origin equal to ours instead (browsers send
 * no custom headers on it; cross-site WebSocket hijacking).
 */
export function consoleSessionToken(c: Context): string | undefined {
  const token = getCookie(c, consoleCookieName(c, "session"));
  if (!token) return undefined;
  if (c.req.header("upgrade")?.toLowerCase() === "websocket") {
    if (c.req.header("origin") !== new URL(c.req.url).origin) {
      throw new AppError("CSRF_TOKEN_INVALID", {
        message: "A cookie-authenticated WebSocket must come from the console's origin.",
      });
    }
    return token;
  }
  if (SAFE_METHODS.has(c.req.method)) return token;
  const cookie = getCookie(c, consoleCookieName(c, "csrf"));
  const header = c.req.header(CSRF_HEADER);
  if (!cookie || !header || !timingSafeEqual(cookie, header)) throw new AppError("CSRF_TOKEN_INVALID");
  return token;
}
