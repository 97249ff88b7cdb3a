import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { contextOf } from "../../context/request";
import { passwordSignIn } from "../../domain/identity/accounts";
import { challengeIfEnrolled, challengePasskeyOptions, spendChallenge } from "../../domain/identity/mfa/challenge";
import type { SecondFactorProof } from "../../domain/identity/mfa/factors";
import {
  AUTHORIZATION_PARAMS,
  type AuthorizationRequest,
  issueAuthorizationCode,
  redirectBack,
  validateAuthorizationRequest,
} from "../../domain/identity/oauth/authorization-request";
import {
  BROWSER_SESSION_TTL_SECONDS,
  browserSessionUser,
  signBrowserSession,
  signBrowserSessionViaConnection,
} from "../../domain/identity/oauth/browser-session";
import { OAUTH_PATHS } from "../../domain/identity/oauth/metadata";
import { intersect } from "../../domain/identity/oauth/scopes";
import { startBrowserSso, takeHandoff } from "../../domain/identity/sso/browser-handoff";
import { AppError, retryAfterOf } from "../../errors";
import type { AppEnv } from "../../http/app-env";
import { errorHeaders } from "../../http/error-headers";
import { timingSafeEqual } from "../../lib/crypto";
import { randomToken } from "../../lib/ids";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { PasskeyAssertionSchema } from "../auth/schemas";
import { authorizePageCsp, consentView, errorView, loginView, mfaView, ssoRedirectView } from "./authorize-views";
import { setOidcPendingCookie } from "./oidc";

/**
 * The authorization endpoint (RFC 6749 §3.1, §4.1): a server-rendered page.
 * GET shows sign-in (no browser session) or consent; POST handles the forms
 * (action = login | sso | approve | deny | switch) and answers with 303 See Other
 * (RFC 9700 §4.11). Every POST re-validates the whole request.
 */
const SESSION_COOKIE = "sas_authz_session";
const CSRF_COOKIE = "sas_authz_csrf";
/** `<handle>.<connection>.<authorize query>` while "Sign in with SSO" is at the IdP (browser-handoff.ts). */
const SSO_COOKIE = "sas_authz_sso";
const SSO_COOKIE_VALUE = /^([A-Za-z0-9_-]{43})\.(sso_\d{1,30})\.(.{1,3000})$/s;
const MAX_FORM_BYTES = 16 * 1024;

type C = Context<AppEnv>;

function cookieOptions(c: C, maxAge?: number) {
  return {
    path: OAUTH_PATHS.authorize,
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: new URL(c.req.url).protocol === "https:",
    ...(maxAge !== undefined ? { maxAge } : {}),
  };
}

/** Double-submit CSRF token: a random value in an HttpOnly cookie, echoed by every form. */
function csrfToken(c: C, fresh = false): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (!fresh && existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken(32);
  setCookie(c, CSRF_COOKIE, token, cookieOptions(c));
  return token;
}

async function render(
  c: C,
  body: Promise<string> | string,
  status: 200 | 400 | 401 | 403 | 429,
  redirectUri?: string,
  opts: { script?: boolean } = {},
) {
  c.header(
    "Content-Security-Policy",
    await authorizePageCsp(redirectUri ? new URL(redirectUri).origin : undefined, opts),
  );
  c.header("Cache-Control", "no-store");
  return c.html(await body, status);
}

/** Validate; on failure, the response to send (the error page, or the redirect back to the client). */
async function validated(c: C, source: URLSearchParams, status: 302 | 303): Promise<AuthorizationRequest | Response> {
  const v = await validateAuthorizationRequest(contextOf(c), { source });
  if (v.kind === "fatal") return render(c, errorView(v.message), 400);
  if (v.kind === "redirect") {
    return c.redirect(
      redirectBack(v.redirectUri, contextOf(c).config.issuer, {
        error: v.error,
        error_description: v.description,
        state: v.state,
      }),
      status,
    );
  }
  return v.request;
}

function signedInUser(c: C) {
  return browserSessionUser(contextOf(c), { cookie: getCookie(c, SESSION_COOKIE) });
}

async function showPage(c: C, request: AuthorizationRequest) {
  const csrf = csrfToken(c);
  const user = await signedInUser(c);
  if (!user) return render(c, loginView(request, csrf), 200, request.redirectUri);
  const scopes = intersect(request.scopes, user.grantable);
  if (scopes.length === 0) {
    const to = redirectBack(request.redirectUri, contextOf(c).config.issuer, {
      error: "invalid_scope",
      error_description: "None of the requested scopes can be granted to this account.",
      state: request.state,
    });
    return c.redirect(to, 302);
  }
  return render(c, consentView(request, csrf, user, scopes), 200, request.redirectUri);
}

function authorizeUrl(request: AuthorizationRequest): string {
  const query = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMS)
    if (request.params[name] !== undefined) query.set(name, request.params[name]!);
  return `${OAUTH_PATHS.authorize}?${query}`;
}

async function signIn(
  c: C,
  request: AuthorizationRequest,
  email: string,
  password: string,
  csrf: string,
): Promise<Response> {
  try {
    const user = await passwordSignIn(contextOf(c), { email, password: password.slice(0, 256) });
    // A second factor owed: the page asks for it before any browser session exists.
    const challenge = await challengeIfEnrolled(contextOf(c), { user, country: countryOf(c) });
    if (challenge) {
      const view = mfaView(request, csrf, challenge.challenge, { passkey: challenge.webauthn });
      return render(c, view, 200, request.redirectUri, { script: Boolean(challenge.webauthn) });
    }
    return await startBrowserSession(c, request, await signBrowserSession(contextOf(c), { userId: user.id }));
  } catch (err) {
    if (err instanceof AppError && err.code === "INVALID_CREDENTIALS") {
      return render(c, loginView(request, csrf, "Invalid email or password.", email), 401, request.redirectUri);
    }
    if (err instanceof AppError && err.code === "SSO_REQUIRED") {
      const message = "Your organization requires single sign-on: use “Sign in with SSO” below.";
      return render(c, loginView(request, csrf, message, email, email), 403, request.redirectUri);
    }
    throw err;
  }
}

/**
 * The sign-in page's second step: a live challenge and a valid factor start the browser session. The
 * factor is a code typed in, or the passkey button's assertion (`webauthn`, its toJSON()), which must
 * answer this sign-in's own WebAuthn challenge from this origin (spendChallenge → verifyAssertion).
 */
async function secondStep(c: C, request: AuthorizationRequest, form: URLSearchParams, csrf: string): Promise<Response> {
  const challenge = (form.get("challenge") ?? "").slice(0, 128);
  const again = async (error: string, status: 400 | 401 | 429) => {
    const passkey = await challengePasskeyOptions(contextOf(c), { challenge });
    const view = mfaView(request, csrf, challenge, { error, passkey });
    return render(c, view, status, request.redirectUri, { script: Boolean(passkey) });
  };
  const proof = secondFactorOf(form);
  if (!proof) return again("The passkey's answer could not be read: try again.", 400);
  try {
    const { user } = await spendChallenge(contextOf(c), { challenge, proof });
    return await startBrowserSession(c, request, await signBrowserSession(contextOf(c), { userId: user.id }));
  } catch (err) {
    if (err instanceof AppError && err.code === "MFA_CODE_INVALID") return again("That code is not valid.", 401);
    if (err instanceof AppError && err.code === "PASSKEY_INVALID") return again("That passkey was not accepted.", 401);
    if (err instanceof AppError && err.code === "MFA_LOCKED")
      return again(
        `Too many wrong codes for this account: codes are refused for ${Math.ceil((retryAfterOf(err) ?? 60) / 60)} more minutes (a passkey still works).`,
        429,
      );
    if (err instanceof AppError && err.code === "MFA_CHALLENGE_INVALID")
      return render(c, loginView(request, csrf, "The sign-in expired: sign in again."), 401, request.redirectUri);
    throw err;
  }
}

/** The form's factor: the passkey's assertion (JSON, as POST /v1/auth/mfa/verify takes it) or a code; undefined if unreadable. */
function secondFactorOf(form: URLSearchParams): SecondFactorProof | undefined {
  const assertion = form.get("webauthn");
  if (assertion) {
    let json: unknown;
    try {
      json = JSON.parse(assertion);
    } catch {
      return undefined;
    }
    const parsed = PasskeyAssertionSchema.safeParse(json);
    return parsed.success ? { webauthn: parsed.data } : undefined;
  }
  const entered = (form.get("mfa_code") ?? "").trim().slice(0, 64);
  return /^\d{6}$/.test(entered) ? { code: entered } : { recoveryCode: entered };
}

async function startBrowserSession(c: C, request: AuthorizationRequest, session: string): Promise<Response> {
  setCookie(c, SESSION_COOKIE, session, cookieOptions(c, BROWSER_SESSION_TTL_SECONDS));
  csrfToken(c, true); // a fresh CSRF token for the signed-in session
  return c.redirect(authorizeUrl(request), 303);
}

/** "Sign in with SSO": the SAML (else OIDC) connection of a verified email domain, then the IdP with the request kept. */
async function startSso(c: C, request: AuthorizationRequest, login: string, csrf: string): Promise<Response> {
  const query = authorizeUrl(request).split("?")[1] ?? "";
  let started: Awaited<ReturnType<typeof startBrowserSso>>;
  try {
    started = await startBrowserSso(contextOf(c), {
      purpose: "oauth",
      by: login.includes("@") ? { email: login } : { domain: login },
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === "RESOURCE_NOT_FOUND" || err.code === "MISSING_REQUIRED_FIELD")) {
      const message = "No single sign-on is configured for this email or domain.";
      return render(c, loginView(request, csrf, message, "", login), 400, request.redirectUri);
    }
    throw err;
  }
  const { handle, connectionId, url, oidcCookie } = started;
  setCookie(c, SSO_COOKIE, `${handle}.${connectionId}.${query}`, cookieOptions(c, 600));
  if (oidcCookie) setOidcPendingCookie(c, oidcCookie);
  // A page that moves on by itself rather than a redirect: the page's CSP form-action (which
  // Chromium applies to a form's redirects too) cannot name an IdP chosen by the email typed in.
  return render(c, ssoRedirectView(url), 200, request.redirectUri);
}

/** Back from the ACS: the hand-off counts only in the browser whose cookie holds its handle. */
async function finishSso(c: C): Promise<Response> {
  const cookie = SSO_COOKIE_VALUE.exec(getCookie(c, SSO_COOKIE) ?? "");
  deleteCookie(c, SSO_COOKIE, cookieOptions(c));
  const handle = c.req.query("handle") ?? "";
  const userId = c.req.query("user") ?? "";
  const [, expected, connectionId, query] = cookie ?? [];
  if (
    !expected ||
    !connectionId ||
    !timingSafeEqual(expected, handle) ||
    !(await takeHandoff(contextOf(c), { purpose: "oauth", connectionId, handle, userId }))
  ) {
    const message =
      "This single sign-on did not start in this browser, or it expired. Return to the application and start again.";
    return render(c, errorView(message), 400);
  }
  const request = await validated(c, new URLSearchParams(query), 303);
  if (request instanceof Response) return request;
  return startBrowserSession(c, request, await signBrowserSessionViaConnection(contextOf(c), { userId, connectionId }));
}

export function authorizeRoutes() {
  const app = new Hono<AppEnv>();

  // The spec's second reference names /oauth/authorize: same endpoint, one canonical address (the cookie's Path).
  // It answers a bad request as the endpoint does (RFC 6749 §4.1.2.1): an unknown client or redirect URI
  // gets the error page and no redirect, any other error goes back to the client; only a valid request
  // moves on to the canonical address, so the alias never forwards what the endpoint would refuse.
  app.get("/oauth/authorize", async (c) => {
    const url = new URL(c.req.url);
    const request = await validated(c, url.searchParams, 302);
    return request instanceof Response ? request : c.redirect(`${OAUTH_PATHS.authorize}${url.search}`, 302);
  });

  app.get(`${OAUTH_PATHS.authorize}/sso`, (c) => finishSso(c));

  app.get(OAUTH_PATHS.authorize, async (c) => {
    const request = await validated(c, new URL(c.req.url).searchParams, 302);
    return request instanceof Response ? request : showPage(c, request);
  });

  app.post(OAUTH_PATHS.authorize, async (c) => {
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== "null" && origin !== new URL(c.req.url).origin) {
      return render(c, errorView("This form was submitted from another site."), 403);
    }
    if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header("content-type") ?? "")) {
      return render(c, errorView("The form was not submitted correctly."), 400);
    }
    const bytes = await c.req.arrayBuffer();
    if (bytes.byteLength > MAX_FORM_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
    const text = new TextDecoder().decode(bytes);
    const form = new URLSearchParams(text);
    const cookieCsrf = getCookie(c, CSRF_COOKIE);
    const sentCsrf = form.get("csrf_token");
    if (!cookieCsrf || !sentCsrf || !timingSafeEqual(cookieCsrf, sentCsrf)) {
      return render(
        c,
        errorView(
          "Your session on this page expired or the form was forged. Go back to the application and start again.",
        ),
        403,
      );
    }

    const request = await validated(c, form, 303);
    if (request instanceof Response) return request;
    const action = form.get("action");

    if (action === "login") {
      const email = (form.get("email") ?? "").trim().toLowerCase().slice(0, 254);
      // The same password-guessing throttle as /v1/auth/login: per client IP and per account.
      try {
        await authThrottle(async () => email || undefined)(c, async () => {
          c.res = await signIn(c, request, email, form.get("password") ?? "", cookieCsrf);
        });
      } catch (err) {
        if (err instanceof AppError && err.code === "RATE_LIMIT_EXCEEDED") {
          for (const [name, value] of errorHeaders(err)) c.header(name, value);
          return render(c, loginView(request, cookieCsrf, err.message, email), 429, request.redirectUri);
        }
        throw err;
      }
      return c.res;
    }
    if (action === "mfa") {
      // Wrong codes cost sign-in budget like wrong passwords (per client IP).
      try {
        await authThrottle()(c, async () => {
          c.res = await secondStep(c, request, form, cookieCsrf);
        });
      } catch (err) {
        if (err instanceof AppError && err.code === "RATE_LIMIT_EXCEEDED") {
          for (const [name, value] of errorHeaders(err)) c.header(name, value);
          return render(c, loginView(request, cookieCsrf, err.message), 429, request.redirectUri);
        }
        throw err;
      }
      return c.res;
    }
    if (action === "sso")
      return startSso(c, request, (form.get("sso_login") ?? "").trim().toLowerCase().slice(0, 254), cookieCsrf);
    if (action === "switch") {
      deleteCookie(c, SESSION_COOKIE, cookieOptions(c));
      return c.redirect(authorizeUrl(request), 303);
    }
    if (action !== "approve" && action !== "deny") return render(c, errorView("Unknown form action."), 400);

    const user = await signedInUser(c);
    if (!user) return render(c, loginView(request, cookieCsrf, "Please sign in again."), 401, request.redirectUri);
    if (action === "deny") {
      return c.redirect(
        redirectBack(request.redirectUri, contextOf(c).config.issuer, {
          error: "access_denied",
          error_description: "The user denied the request.",
          state: request.state,
        }),
        303,
      );
    }
    const scopes = intersect(request.scopes, user.grantable);
    if (scopes.length === 0) {
      return c.redirect(
        redirectBack(request.redirectUri, contextOf(c).config.issuer, {
          error: "invalid_scope",
          error_description: "None of the requested scopes can be granted to this account.",
          state: request.state,
        }),
        303,
      );
    }
    const code = await issueAuthorizationCode(contextOf(c), { request, userId: user.id, scopes });
    return c.redirect(
      redirectBack(request.redirectUri, contextOf(c).config.issuer, { code, state: request.state }),
      303,
    );
  });

  return app;
}
