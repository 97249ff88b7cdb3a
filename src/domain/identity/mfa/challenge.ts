import {
  failChallengeStatement,
  findLiveChallenge,
  insertChallengeStatement,
  recordCheckStatement,
  useChallengeWrite,
} from "../../../db/mfa";
import { findUserById, loginStatement, type UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { commitWrite } from "../../unit-of-work";
import { issueLoginTokens, type LoginResult } from "../login-tokens";
import { mfaStatus, type SecondFactorProof, verifySecondFactor } from "./factors";
import { assertionOptions, expectChallenge, type PublicKeyCredentialRequestOptionsJSON } from "./passkeys";

/** How long the second step of a sign-in may take. */
const MFA_CHALLENGE_TTL_SECONDS = 300;

type SecondFactorKind = "totp" | "passkey" | "recovery_code";

/** What POST /v1/auth/login answers instead of tokens when the account has a second factor. */
export interface MfaChallenge {
  mfaRequired: true;
  challenge: string;
  expiresIn: number;
  factors: SecondFactorKind[];
  /** For an account with passkeys: the request options whose challenge this sign-in's passkey answers. */
  webauthn?: PublicKeyCredentialRequestOptionsJSON;
}

const challengeHash = (token: string) => sha256Hex(`mfa-challenge:${token}`);

/**
 * The password was right and the account has a second factor: a challenge instead of tokens. The
 * token is 256 random bits handed only to whoever presented the password; it names the user and the
 * sign-in attempt (stored as a hash), is spent by the first successful verify and dies after
 * MFA_CHALLENGE_TTL_SECONDS or MFA_CHALLENGE_MAX_FAILURES wrong codes.
 */
export async function challengeIfEnrolled(
  ctx: Context,
  input: { user: UserRow; country: string },
): Promise<MfaChallenge | null> {
  const status = await mfaStatus(ctx, input.user.id);
  if (!status.enabled) return null;
  const now = ctx.now();
  const token = `mfa_${randomToken(32)}`;
  // The passkey's challenge is this sign-in's: single-use and short-lived with the MFA challenge itself.
  const webauthn = status.passkeys > 0 ? await assertionOptions(ctx, { userId: input.user.id }) : undefined;
  const tokenHash = await challengeHash(token);
  await ctx.commit([
    insertChallengeStatement(ctx.db, {
      webauthnChallenge: webauthn?.challenge ?? null,
      tokenHash,
      userId: input.user.id,
      country: input.country,
      expiresAt: now + MFA_CHALLENGE_TTL_SECONDS * 1000,
      failures: 0,
      usedAt: null,
      createdAt: iso(now),
    }),
  ]);
  const factors: SecondFactorKind[] = [];
  if (status.totp) factors.push("totp");
  if (webauthn) factors.push("passkey");
  if (status.recoveryCodesRemaining > 0) factors.push("recovery_code");
  return {
    mfaRequired: true,
    challenge: token,
    expiresIn: MFA_CHALLENGE_TTL_SECONDS,
    factors,
    ...(webauthn ? { webauthn } : {}),
  };
}

/**
 * The second step: a live challenge plus a valid, unspent factor → the usual tokens, and the new
 * sign-in session counts as freshly checked (step-up). Anything else → 401 with nothing issued; a
 * wrong code counts against the challenge (and, in the route, the sign-in throttle).
 */
export async function completeChallenge(
  ctx: Context,
  input: { challenge: string; proof: SecondFactorProof },
): Promise<LoginResult> {
  const now = ctx.now();
  const { user, country } = await spendChallenge(ctx, input);
  const at = iso(now);
  await ctx.commit([loginStatement(ctx.db, user.id, at, country)]);
  const familyId = crypto.randomUUID();
  const tokens = await issueLoginTokens(ctx, { user, familyId });
  await ctx.commit([recordCheckStatement(ctx.db, familyId, user.id, now)]);
  return { user: { ...user, lastLogin: at, country }, ...tokens };
}

/**
 * The passkey request options of a live challenge, with its own WebAuthn challenge: to ask again on
 * the same sign-in after a refused attempt (the OAuth authorize page). Undefined when the challenge
 * is dead or the account has no passkey.
 */
export async function challengePasskeyOptions(
  ctx: Context,
  input: { challenge: string },
): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const live = await findLiveChallenge(ctx.db, await challengeHash(input.challenge), ctx.now());
  if (!live?.webauthnChallenge) return undefined;
  return assertionOptions(ctx, { userId: live.userId, challenge: live.webauthnChallenge });
}

/**
 * Spend a live challenge with a valid second factor: the user it names (the OAuth authorize page
 * then starts its browser session instead of issuing tokens). Nothing is spent on a refusal but
 * the wrong code, which counts against the challenge.
 */
export async function spendChallenge(
  ctx: Context,
  input: { challenge: string; proof: SecondFactorProof },
): Promise<{ user: UserRow; country: string }> {
  const now = ctx.now();
  const hash = await challengeHash(input.challenge);
  const live = await findLiveChallenge(ctx.db, hash, now);
  if (!live) throw new AppError("MFA_CHALLENGE_INVALID");
  const webauthnChallenge = expectChallenge(live.webauthnChallenge);
  if (!(await verifySecondFactor(ctx, { userId: live.userId, proof: input.proof, now, webauthnChallenge }))) {
    await ctx.commit([failChallengeStatement(ctx.db, hash)]);
    throw new AppError(input.proof.webauthn ? "PASSKEY_INVALID" : "MFA_CODE_INVALID");
  }
  // Two verifies racing with two valid codes: one spends the challenge, the other gets nothing.
  if (!(await commitWrite(ctx, useChallengeWrite(ctx.db, hash, now, iso(now)))))
    throw new AppError("MFA_CHALLENGE_INVALID");
  const user = await findUserById(ctx.db, live.userId);
  if (!user) throw new AppError("MFA_CHALLENGE_INVALID");
  return { user, country: live.country };
}
