import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { contextOf } from "../../context/request";
import { type LoginResult, login, logout, REFRESH_TOKEN_TTL, refresh } from "../../domain/identity/accounts";
import { completeChallenge } from "../../domain/identity/mfa/challenge";
import { signInWithPasskey } from "../../domain/identity/mfa/passkey-sign-in";
import type { AuthenticationResponseJSON } from "../../domain/identity/mfa/passkeys";
import { startBrowserSso, takeConsoleHandoff } from "../../domain/identity/sso/browser-handoff";
import { userSummary } from "../../domain/users/resources";
import { AppError } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { CONSOLE_SSO_PATH, consoleCookieName, isHttps, REFRESH_COOKIE_PATH } from "../../http/console-cookies";
import { ok } from "../../http/envelope-body";
import { statusOf } from "../../http/error-status";
import { router } from "../../http/openapi";
import { validationError } from "../../http/validation";
import { timingSafeEqual } from "../../lib/crypto";
import { randomToken } from "../../lib/ids";
import { countryOf } from "../../lib/request";
import { authThrottle, emailInBody } from "../../middleware/auth-throttle";
import { principalOf } from "../../middleware/authenticate";
import { PasskeyLoginBody } from "../auth/passkey-login";
import { mfaChallengeResult } from "../auth/result";
import { LoginBody, MfaVerifyBody } from "../auth/schemas";
import { setOidcPendingCookie } from "../oauth/oidc";

type C = Context<AppEnv>;

/**
 * The console's sign-in (docs/security.md "Console"). The same login as
 * POST /v1/auth/login, but the tokens go into cookies the page's scripts
 * cannot read instead of the response body; the body carries the user only.
 */
function setSession(c: C, result: LoginResult) {
  const secure = isHttps(c);
  const base = { httpOnly: true, secure, sameSite: "Strict" as const };
  setCookie(c, consoleCookieName(c, "session"), result.token, { ...base, path: "/", maxAge: result.expiresIn });
  setCookie(c, consoleCookieName(c, "refresh"), result.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL,
  });
  // Readable by the console's own script, which echoes it as X-CSRF-Token.
  setCookie(c, consoleCookieName(c, "csrf"), randomToken(32), {
    httpOnly: false,
    secure,
    sameSite: "Strict",
    path: "/",
    maxAge: REFRESH_TOKEN_TTL,
  });
}

function clearSession(c: C) {
  const secure = isHttps(c);
  deleteCookie(c, consoleCookieName(c, "session"), { path: "/", secure });
  deleteCookie(c, consoleCookieName(c, "refresh"), { path: REFRESH_COOKIE_PATH, secure });
  deleteCookie(c, consoleCookieName(c, "csrf"), { path: "/", secure });
}

/**
 * `<handle>.<connection>` while the console's "Sign in with SSO" is at the IdP (browser-handoff.ts).
 * SameSite=Lax, not Strict: the browser comes back through the IdP's cross-site POST to the ACS and
 * its 303, a top-level GET that carries Lax cookies only.
 */
const SSO_COOKIE = "sas_console_sso";
const SSO_COOKIE_VALUE = /^([A-Za-z0-9_-]{43})\.(sso_\d{1,30})$/;
const ssoCookieName = (c: C) => (isHttps(c) ? `__Secure-${SSO_COOKIE}` : SSO_COOKIE);
const ssoCookieOptions = (c: C, maxAge?: number) => ({
  path: CONSOLE_SSO_PATH,
  httpOnly: true,
  secure: isHttps(c),
  sameSite: "Lax" as const,
  ...(maxAge !== undefined ? { maxAge } : {}),
});

/** Back to the console's sign-in page with a reason it shows (a top-level navigation, so no envelope). */
const toSignIn = (c: C, reason: "not_configured" | "refused") => c.redirect(`/signin?sso_error=${reason}`, 303);

export function consoleSessionRoutes() {
  const app = router();

  app.post("/session", authThrottle(emailInBody), async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError("INVALID_REQUEST_BODY");
    });
    const parsed = LoginBody.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error, "json", body);
    const result = await login(contextOf(c), {
      email: parsed.data.email,
      password: parsed.data.password,
      country: countryOf(c),
    });
    // A second factor owed: no cookies yet; the page answers the challenge (POST /console/session/mfa).
    if ("mfaRequired" in result) return c.json(ok(mfaChallengeResult(result), "Second factor required"), 200);
    setSession(c, result);
    return c.json(ok({ user: userSummary(result.user), expires_in: result.expiresIn }, "Signed in"), 200);
  });

  // The second step of a sign-in that answered a challenge: the same check as POST /v1/auth/mfa/verify
  // (single-use challenge, wrong codes count on the challenge and on the sign-in throttle), but the
  // tokens go into the cookies, as for a password sign-in without a second factor.
  app.post("/session/mfa", authThrottle(), async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError("INVALID_REQUEST_BODY");
    });
    const parsed = MfaVerifyBody.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error, "json", body);
    const result = await completeChallenge(contextOf(c), {
      challenge: parsed.data.challenge,
      proof: { code: parsed.data.code, recoveryCode: parsed.data.recovery_code, webauthn: parsed.data.webauthn },
    });
    setSession(c, result);
    return c.json(ok({ user: userSummary(result.user), expires_in: result.expiresIn }, "Signed in"), 200);
  });

  // "Sign in with a passkey": the same check as POST /v1/auth/passkey/login (a discoverable credential
  // answering a challenge of POST /v1/auth/passkey/options), the tokens into the cookies.
  app.post("/session/passkey", authThrottle(), async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError("INVALID_REQUEST_BODY");
    });
    const parsed = PasskeyLoginBody.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error, "json", body);
    const result = await signInWithPasskey(contextOf(c), {
      response: parsed.data.webauthn as AuthenticationResponseJSON,
      country: countryOf(c),
    });
    setSession(c, result);
    return c.json(ok({ user: userSummary(result.user), expires_in: result.expiresIn }, "Signed in"), 200);
  });

  // "Sign in with SSO": the SAML (else OIDC) connection of a verified email domain, then the IdP. The console
  // navigates here itself (not a form submit), so its CSP form-action does not cover the redirect.
  app.get("/session/sso", authThrottle(), async (c) => {
    c.header("Cache-Control", "no-store");
    const login = (c.req.query("login") ?? "").trim().toLowerCase().slice(0, 254);
    let started: Awaited<ReturnType<typeof startBrowserSso>>;
    try {
      started = await startBrowserSso(contextOf(c), {
        purpose: "console",
        by: login.includes("@") ? { email: login } : { domain: login },
      });
    } catch (err) {
      if (err instanceof AppError && (err.code === "RESOURCE_NOT_FOUND" || err.code === "MISSING_REQUIRED_FIELD")) {
        return toSignIn(c, "not_configured");
      }
      throw err;
    }
    const { handle, connectionId, url, oidcCookie } = started;
    setCookie(c, ssoCookieName(c), `${handle}.${connectionId}`, ssoCookieOptions(c, 600));
    if (oidcCookie) setOidcPendingCookie(c, oidcCookie);
    return c.redirect(url, 302);
  });

  // Back from the ACS: the hand-off counts only in the browser whose cookie holds its handle (no login CSRF).
  app.get("/session/sso/finish", authThrottle(), async (c) => {
    c.header("Cache-Control", "no-store");
    const cookie = SSO_COOKIE_VALUE.exec(getCookie(c, ssoCookieName(c)) ?? "");
    deleteCookie(c, ssoCookieName(c), ssoCookieOptions(c));
    const handle = c.req.query("handle") ?? "";
    const userId = (c.req.query("user") ?? "").slice(0, 100);
    const [, expected, connectionId] = cookie ?? [];
    if (!expected || !connectionId || !timingSafeEqual(expected, handle)) return toSignIn(c, "refused");
    const result = await takeConsoleHandoff(contextOf(c), { connectionId, handle, userId, country: countryOf(c) });
    if (!result) return toSignIn(c, "refused");
    setSession(c, result);
    return c.redirect("/", 303);
  });

  // A new access token from the refresh cookie (rotated, single use, like POST /v1/auth/refresh).
  // No refresh cookie is a signed-out page asking, not a guess: refused before the sign-in
  // throttle, so reloading a signed-out console never spends the budget of a real sign-in.
  const refreshCookie = (c: Context<AppEnv>) => getCookie(c, consoleCookieName(c, "refresh"));
  const needsRefreshCookie: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!refreshCookie(c)) throw new AppError("AUTHENTICATION_REQUIRED");
    await next();
  };
  app.post("/session/refresh", needsRefreshCookie, authThrottle(), async (c) => {
    const presented = refreshCookie(c)!;
    try {
      const result = await refresh(contextOf(c), presented);
      setSession(c, result);
      return c.json(ok({ user: userSummary(result.user), expires_in: result.expiresIn }, "Session renewed"), 200);
    } catch (err) {
      clearSession(c);
      throw err;
    }
  });

  // Sign out: the session's refresh family and access tokens are revoked, the cookies cleared.
  app.delete("/session", async (c) => {
    try {
      await logout(contextOf(c), await principalOf(c));
    } catch (err) {
      if (!(err instanceof AppError) || statusOf(err) !== 401) throw err;
    }
    clearSession(c);
    return c.json({ success: true as const, message: "Signed out" }, 200);
  });

  return app;
}
