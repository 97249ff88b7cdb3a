import { consumeOnceWrite, rememberOnceWrite } from "../../../db/sso-once";
import type { Context } from "../../context";
import { commitWrite } from "../../unit-of-work";

/**
 * The one-time records of a sign-in page's "Sign in with SSO" (browser-handoff.ts), shared by the
 * SAML ACS and the OIDC callback: the pending handle while the browser is at the IdP, then the
 * hand-off (handle + user) the page takes when the browser comes back.
 */
export type HandoffPurpose = "oauth" | "console";
export interface Handoff {
  purpose: HandoffPurpose;
  handle: string;
}

/** How long a hand-off waits for the browser to come back from the ACS or the callback. */
const HANDOFF_TTL_MS = 2 * 60_000;

export function rememberPendingHandoff(ctx: Context, input: Handoff & { connectionId: string; expiresAt: number }) {
  return commitWrite(
    ctx,
    rememberOnceWrite(ctx.db, `${input.purpose}:${input.handle}`, input.connectionId, input.expiresAt),
  );
}

/** Spends the pending handle: false when it names no pending sign-in of this connection. */
export function spendPendingHandoff(ctx: Context, input: Handoff & { connectionId: string }) {
  return commitWrite(ctx, consumeOnceWrite(ctx.db, `${input.purpose}:${input.handle}`, input.connectionId, ctx.now()));
}

export function leaveHandoff(ctx: Context, input: Handoff & { connectionId: string; userId: string }) {
  const { purpose, handle, userId, connectionId } = input;
  return commitWrite(
    ctx,
    rememberOnceWrite(ctx.db, `${purpose}-done:${handle}:${userId}`, connectionId, ctx.now() + HANDOFF_TTL_MS),
  );
}

export function takeLeftHandoff(ctx: Context, input: Handoff & { connectionId: string; userId: string }) {
  const { purpose, handle, userId, connectionId } = input;
  return commitWrite(ctx, consumeOnceWrite(ctx.db, `${purpose}-done:${handle}:${userId}`, connectionId, ctx.now()));
}
