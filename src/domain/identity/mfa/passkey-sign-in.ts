import { recordCheckStatement } from "../../../db/mfa";
import { findUserById, loginStatement } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import type { Context } from "../../context";
import { issueLoginTokens, type LoginResult, refuseWhereSsoIsEnforced } from "../accounts";
import { type AuthenticationResponseJSON, storedAssertionOptions, storedChallenge, verifyAssertion } from "./passkeys";

/**
 * Options for a passwordless sign-in (WebAuthn L3 §5.5 with no allowCredentials: the authenticator
 * offers its discoverable credentials for this RP id). The challenge is bound to no user (the
 * credential names one) and to the `sign_in` ceremony, single-use and short-lived.
 */
export function passkeySignInOptions(ctx: Context) {
  return storedAssertionOptions(ctx, { ceremony: "sign_in", userId: null, sid: null });
}

/**
 * A passkey as the first factor. A passkey with user verification is itself two factors (the device
 * and its PIN or biometric, WebAuthn L3 §6.2.3), so no second step follows and the new sign-in
 * session counts as freshly checked for step-up. Enforced SSO applies as to a password.
 */
export async function signInWithPasskey(
  ctx: Context,
  input: { response: AuthenticationResponseJSON; country: string },
): Promise<LoginResult> {
  const now = ctx.now();
  const passkey = await verifyAssertion(ctx, {
    response: input.response,
    userId: null,
    expectedChallenge: storedChallenge(ctx, { ceremony: "sign_in", userId: null, sid: null, now }),
    now,
  });
  const user = await findUserById(ctx.db, passkey.userId);
  if (!user || user.deletedAt) throw new AppError("PASSKEY_INVALID");
  await refuseWhereSsoIsEnforced(ctx, user);
  const at = iso(now);
  await ctx.commit([loginStatement(ctx.db, user.id, at, input.country)]);
  const familyId = crypto.randomUUID();
  const tokens = await issueLoginTokens(ctx, { user, familyId });
  await ctx.commit([recordCheckStatement(ctx.db, familyId, user.id, now)]);
  return { user: { ...user, lastLogin: at, country: input.country }, ...tokens };
}
