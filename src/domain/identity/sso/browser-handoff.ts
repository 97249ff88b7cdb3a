import { findConnection } from "../../../db/sso-connections";
import { findUserById, loginStatement } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { issueLoginTokens, type LoginResult } from "../accounts";
import { type ConnectionLookup, connectionFor } from "./discovery";
import { SAML_REQUEST_TTL_MS, type SamlResponseInput, samlSignIn, startSamlLogin } from "./flows";
import {
  type HandoffPurpose,
  leaveHandoff,
  rememberPendingHandoff,
  spendPendingHandoff,
  takeLeftHandoff,
} from "./handoff-store";
import { OIDC_SIGN_IN_TTL_MS, startOidcLogin } from "./oidc/flow";

/**
 * "Sign in with SSO" in a browser (docs/sso.md): on the OAuth authorize page (`oauth`) and on the
 * console's sign-in page (`console`). The page starts an SP-initiated login whose RelayState is
 * `<purpose>:<handle>`, a random handle also kept in a cookie of the browser that asked. The ACS,
 * after a verified response, leaves a one-time hand-off (purpose + handle + user) and sends the
 * browser back to that page, which signs it in only when the handle matches its cookie. That
 * binding stops login CSRF: an attacker's own assertion or hand-off cannot sign a victim's
 * browser into the attacker's account.
 */
export type { HandoffPurpose };

/** What a sign-in page's browser brings back from the ACS: its cookie's connection and handle, and the user. */
export interface HandoffTicket {
  connectionId: string;
  handle: string;
  userId: string;
}
const RELAY = /^(oauth|console):([A-Za-z0-9_-]{43})$/;

/**
 * Where the page sends the browser: the SAML connection of the email's or domain's verified owner,
 * else its OIDC connection (the same discovery as /saml/login and /oidc/login; every miss is the same
 * 404). For OIDC, `oidcCookie` is the pending sign-in's cookie for /oidc/ (oidc/flow.ts), which carries
 * the hand-off so the callback sends the browser back to the page instead of answering with tokens.
 */
export async function startBrowserSso(ctx: Context, input: { purpose: HandoffPurpose; by: ConnectionLookup }) {
  const { purpose, by } = input;
  const handle = randomToken(32);
  const saml = await connectionFor(ctx, { ...by, kind: "saml" }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "RESOURCE_NOT_FOUND") return null;
    throw err;
  });
  if (saml) {
    await rememberPendingHandoff(ctx, {
      purpose,
      handle,
      connectionId: saml,
      expiresAt: ctx.now() + SAML_REQUEST_TTL_MS,
    });
    const url = await startSamlLogin(ctx, { connectionId: saml, relayState: `${purpose}:${handle}` });
    return { handle, connectionId: saml, url, oidcCookie: null };
  }
  const oidc = await startOidcLogin(ctx, { by, handoff: { purpose, handle } });
  await rememberPendingHandoff(ctx, {
    purpose,
    handle,
    connectionId: oidc.connectionId,
    expiresAt: ctx.now() + OIDC_SIGN_IN_TTL_MS,
  });
  return { handle, connectionId: oidc.connectionId, url: oidc.url, oidcCookie: oidc.cookie };
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
  if (!(await spendPendingHandoff(ctx, { purpose, handle, connectionId }))) {
    throw new AppError("SAML_RESPONSE_INVALID", {
      details: { reason: "RelayState names no pending sign-in of this connection" },
    });
  }
  const { user } = await samlSignIn(ctx, input);
  await leaveHandoff(ctx, { purpose, handle, connectionId, userId: user.id });
  return { userId: user.id };
}

/** The page takes the hand-off its cookie's handle names; false when absent, used or expired. */
export function takeHandoff(ctx: Context, input: HandoffTicket & { purpose: HandoffPurpose }) {
  return takeLeftHandoff(ctx, input);
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
  await ctx.commit([loginStatement(ctx.db, user.id, at, country)]);
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
