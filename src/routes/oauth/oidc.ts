import type { Hono, Context as HonoContext } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { contextOf } from "../../context/request";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { finishOidcLogin, OIDC_SIGN_IN_TTL_MS, startOidcLogin } from "../../domain/identity/sso/oidc/flow";
import { AppError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { CONSOLE_SSO_FINISH_PATH, isHttps } from "../../http/console-cookies";
import { ok } from "../../http/envelope-body";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { authResult } from "../auth/result";

/**
 * OpenID Connect relying party at {auth_url}/oidc/* (docs/sso.md "OpenID Connect"):
 * - GET /oidc/login?connection=…|email=…|domain=…  → 302 to the provider, with the pending sign-in's
 *   cookie; an email or domain finds the connection of the organization that verified it, as /saml/login does
 * - GET /oidc/callback            → the redirect URI (one for every connection; the cookie names it):
 *   the same token result as /v1/auth/login and the SAML ACS.
 * The cookie is SameSite=Lax: the provider's redirect back is a top-level GET, which carries it.
 */
const CONNECTION_ID = /^sso_\d{1,30}$/;
const COOKIE = "sas_oidc";
const cookieName = (c: HonoContext<AppEnv>) => (isHttps(c) ? `__Secure-${COOKIE}` : COOKIE);
const cookieOptions = (c: HonoContext<AppEnv>, maxAge?: number) => ({
  path: "/oidc/",
  httpOnly: true,
  secure: isHttps(c),
  sameSite: "Lax" as const,
  ...(maxAge !== undefined ? { maxAge } : {}),
});

/** The pending sign-in's cookie, for the callback only (Path=/oidc/); sign-in pages set it too. */
export function setOidcPendingCookie(c: HonoContext<AppEnv>, cookie: string) {
  setCookie(c, cookieName(c), cookie, cookieOptions(c, OIDC_SIGN_IN_TTL_MS / 1000));
}

export function mountOidc(app: Hono<AppEnv>) {
  app.get("/oidc/login", async (c) => {
    const q = c.req.query();
    if (q.connection !== undefined && !CONNECTION_ID.test(q.connection)) throw new AppError("RESOURCE_NOT_FOUND");
    const { cookie, url } = await startOidcLogin(contextOf(c), {
      by: { connection: q.connection, email: q.email, domain: q.domain },
    });
    setOidcPendingCookie(c, cookie);
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  });

  app.get("/oidc/callback", authThrottle(), async (c) => {
    const cookie = getCookie(c, cookieName(c));
    deleteCookie(c, cookieName(c), cookieOptions(c));
    const q = c.req.query();
    c.header("Cache-Control", "no-store");
    const result = await finishOidcLogin(contextOf(c), {
      cookie,
      query: { code: q.code, state: q.state, error: q.error, iss: q.iss },
      country: countryOf(c),
    });
    // A sign-in page's "Sign in with SSO": back to that page, which takes the hand-off (browser-handoff.ts).
    if (result.handoff) {
      const { purpose, handle } = result.handoff;
      const back = purpose === "oauth" ? `${OAUTH_PATHS.authorize}/sso` : CONSOLE_SSO_FINISH_PATH;
      return c.redirect(`${back}?${new URLSearchParams({ handle, user: result.userId })}`, 303);
    }
    return c.json(ok({ ...authResult(result), organization_id: result.organizationId }, "Login successful"), 200);
  });
}
