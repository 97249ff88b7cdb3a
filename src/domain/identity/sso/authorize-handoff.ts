import { consumeOnce, rememberOnce } from "../../../db/sso";
import { AppError } from "../../../errors";
import { randomToken } from "../../../lib/ids";
import { SAML_REQUEST_TTL_MS, type SignInMeta, samlSignIn, startSamlLogin } from "./flows";

/**
 * "Sign in with SSO" on the OAuth authorize page (docs/sso.md). The page starts an SP-initiated
 * login whose RelayState is `oauth:<handle>`, a random handle also kept in a cookie of the browser
 * that asked. The ACS, after a verified response, leaves a one-time hand-off (handle + user) and
 * sends the browser back to the authorize page, which signs it in only when the handle matches its
 * cookie. That binding stops login CSRF: an attacker's own assertion or hand-off cannot sign a
 * victim's browser into the attacker's account.
 */
const RELAY = /^oauth:([A-Za-z0-9_-]{43})$/;
/** How long the authorize page's hand-off waits for the browser to come back from the ACS. */
const HANDOFF_TTL_MS = 2 * 60_000;

type Env = Parameters<typeof samlSignIn>[0];

/** The IdP address to send the browser to, and the handle for its cookie. */
export async function startAuthorizeSso(env: Env, connectionId: string, now = Date.now()) {
  const handle = randomToken(32);
  await rememberOnce(env.DB, `oauth:${handle}`, connectionId, now + SAML_REQUEST_TTL_MS);
  return { handle, url: await startSamlLogin(env, connectionId, `oauth:${handle}`, now) };
}

/** The handle of a RelayState the authorize page issued, or null for any other RelayState. */
export function authorizeHandleOf(relayState: string): string | null {
  return RELAY.exec(relayState)?.[1] ?? null;
}

/**
 * The ACS for a response to the authorize page's request: the pending handle is spent first (a
 * RelayState naming no pending sign-in of this connection provisions nobody), then the response is
 * verified and the user provisioned; the hand-off waits, one-time and briefly, for the browser.
 */
export async function consumeForAuthorize(
  env: Env,
  connectionId: string,
  samlResponse: string,
  handle: string,
  meta: SignInMeta,
  now = Date.now(),
): Promise<{ userId: string }> {
  if (!(await consumeOnce(env.DB, `oauth:${handle}`, connectionId, now))) {
    throw new AppError("SAML_RESPONSE_INVALID", {
      details: { reason: "RelayState names no pending sign-in of this connection" },
    });
  }
  const { user } = await samlSignIn(env, connectionId, samlResponse, meta, now);
  await rememberOnce(env.DB, `oauth-done:${handle}:${user.id}`, connectionId, now + HANDOFF_TTL_MS);
  return { userId: user.id };
}

/** The authorize page takes the hand-off its cookie's handle names; false when absent, used or expired. */
export function takeHandoff(d1: D1Database, connectionId: string, handle: string, userId: string, now = Date.now()) {
  return consumeOnce(d1, `oauth-done:${handle}:${userId}`, connectionId, now);
}
