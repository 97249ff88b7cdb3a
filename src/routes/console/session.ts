import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { type LoginResult, login, logout, REFRESH_TOKEN_TTL, refresh } from "../../domain/identity/accounts";
import { userSummary } from "../../domain/users/resources";
import type { AppEnv } from "../../env";
import { AppError } from "../../errors";
import { consoleCookieName, isHttps, REFRESH_COOKIE_PATH } from "../../http/console-cookies";
import { ok } from "../../http/envelope";
import { router } from "../../http/openapi";
import { validationError } from "../../http/validation";
import { randomToken } from "../../lib/ids";
import { countryOf } from "../../lib/request";
import { authThrottle, emailInBody } from "../../middleware/auth-throttle";
import { principalOf } from "../../middleware/authenticate";
import { LoginBody } from "../auth/schemas";

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

export function consoleSessionRoutes() {
  const app = router();

  app.post("/session", authThrottle(emailInBody), async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError("INVALID_REQUEST_BODY");
    });
    const parsed = LoginBody.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error, "json", body);
    const result = await login(c.env, parsed.data.email, parsed.data.password, countryOf(c));
    setSession(c, result);
    return c.json(ok({ user: userSummary(result.user), expires_in: result.expiresIn }, "Signed in"), 200);
  });

  // A new access token from the refresh cookie (rotated, single use, like POST /v1/auth/refresh).
  app.post("/session/refresh", authThrottle(), async (c) => {
    const presented = getCookie(c, consoleCookieName(c, "refresh"));
    if (!presented) throw new AppError("AUTHENTICATION_REQUIRED");
    try {
      const result = await refresh(c.env, presented);
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
      await logout(c.env, await principalOf(c));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 401) throw err;
    }
    clearSession(c);
    return c.json({ success: true as const, message: "Signed out" }, 200);
  });

  return app;
}
