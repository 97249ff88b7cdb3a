import { findConnection } from "../../../db/sso-connections";
import { consumeOnce, rememberOnce } from "../../../db/sso-once";
import { findUserById, recordLogin } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { issueLoginTokens, type LoginResult } from "../accounts";
import { SAML_REQUEST_TTL_MS, type SamlResponseInput, samlSignIn, startSamlLogin } from "./flows";

/**
 * "Sign in with SSO" in a browser (docs/sso.md): on the OAuth authorize page (`oauth`) and on the
 * console's sign-in page (`console`). The page starts an SP-initiated login whose RelayState is
 * `<purpose>:<handle>`, a random handle also kept in a cookie of the browser that asked. The ACS,
 * after a verified response, leaves a one-time hand-off (purpose + handle + user) and sends the
 * browser back to that page, which signs it in only when the handle matches its cookie. That
 * binding stops login CSRF: an attacker's own assertion or hand-off cannot sign a victim's
 * browser into the attacker's account.
 */
export type HandoffPurpose = "oauth" | "console";

/** What a sign-in page's browser brings back from the ACS: its cookie's connection and handle, and the user. */
export interface HandoffTicket {
  connectionId: string;
  handle: string;
  userId: string;
}
const RELAY = /^(oauth|console):([A-Za-z0-9_-]{43})$/;
/** How long a hand-off waits for the browser to come back from the ACS. */
const HANDOFF_TTL_MS = 2 * 60_000;

/** The IdP address to send the browser to, and the handle for its cookie. */
export async function startBrowserSso(ctx: Context, input: { purpose: HandoffPurpose; connectionId: string }) {
  const { purpose, connectionId } = input;
  const handle = randomToken(32);
  await rememberOnce(ctx.db, `${purpose}:${handle}`, connectionId, ctx.now() + SAML_REQUEST_TTL_MS);
  return { handle, url: await startSamlLogin(ctx, { connectionId, relayState: `${purpose}:${handle}` }) };
}

/** The purpose and handle of a RelayState a sign-in page issued, or null for any other RelayState. */
export function handoffOf(relayState: string): { purpose: HandoffPurpose; handle: string } | null {
  const m = RELAY.exec(relayState);
  return m ? { purpose: m[1] as HandoffPurpose, handle: m[2]! } : null;
}

/**
 * The ACS for a response to a sign-in page's request: the pending handle is spent first (a
 * RelayState naming no pending sign-in of this connection provisions nobody), then the response is
 * verified and the user provisioned; the hand-off waits, one-time and briefly, for the browser.
 */
export async function consumeForHandoff(
  ctx: Context,
  input: SamlResponseInput & { purpose: HandoffPurpose; handle: string },
): Promise<{ userId: string }> {
  const { purpose, connectionId, handle } = input;
  const now = ctx.now();
  if (!(await consumeOnce(ctx.db, `${purpose}:${handle}`, connectionId, now))) {
    throw new AppError("SAML_RESPONSE_INVALID", {
      details: { reason: "RelayState names no pending sign-in of this connection" },
    });
  }
  const { user } = await samlSignIn(ctx, input);
  await rememberOnce(ctx.db, `${purpose}-done:${handle}:${user.id}`, connectionId, now + HANDOFF_TTL_MS);
  return { userId: user.id };
}

/** The page takes the hand-off its cookie's handle names; false when absent, used or expired. */
export function takeHandoff(ctx: Context, input: HandoffTicket & { purpose: HandoffPurpose }) {
  const { purpose, connectionId, handle, userId } = input;
  return consumeOnce(ctx.db, `${purpose}-done:${handle}:${userId}`, connectionId, ctx.now());
}

/** The console's side: the hand-off taken, then the same login tokens as POST /v1/auth/login; null when refused. */
export async function takeConsoleHandoff(
  ctx: Context,
  input: HandoffTicket & { country: string },
): Promise<LoginResult | null> {
  const { connectionId, userId, country } = input;
  const now = ctx.now();
  if (!(await takeHandoff(ctx, { ...input, purpose: "console" }))) return null;
  const [user, connection] = await Promise.all([findUserById(ctx.db, userId), findConnection(ctx.db, connectionId)]);
  if (!user || !connection) return null;
  const at = iso(now);
  await recordLogin(ctx.db, user.id, at, country);
  return {
    user: { ...user, lastLogin: at, country },
    // Bound to the connection's organization, like every sign-on's tokens (docs/sso.md).
    ...(await issueLoginTokens(ctx, {
      user,
      familyId: crypto.randomUUID(),
      organizationId: connection.organizationId,
    })),
  };
}
