import {
  acceptTotpStepWrite,
  deleteRecoveryCodesStatement,
  deleteTotpStatement,
  findTotp,
  recordCheckStatement,
  replaceRecoveryCodesStatements,
  unusedRecoveryCodes,
  upsertPendingTotpWrite,
  useRecoveryCodeWrite,
} from "../../../db/mfa";
import { countPasskeys } from "../../../db/passkeys";
import { findUserById } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import type { Context } from "../../context";
import { dataEncryptionKey } from "../../encryption/data-key";
import { open, seal } from "../../encryption/secret-box";
import { requireMailer } from "../../mail/outbox";
import { commitWrite } from "../../unit-of-work";
import type { HolderContext } from "../account-holder";
import type { Principal } from "../principal";
import { countAttempt, settleAttempt } from "./guessing";
import { announceFactorChange } from "./notices";
import {
  type AuthenticationResponseJSON,
  dropPasskey,
  ownPasskey,
  type RegistrationResponseJSON,
  storedChallenge,
  verifyAssertion,
  verifyPasskeyRegistration,
} from "./passkeys";
import { STEP_UP_WINDOW_MS } from "./recent-check";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery-codes";
import { enrolmentOf, matchingStep, newTotpSecret } from "./totp";

const totpAssociatedData = (userId: string) => `mfa_totp:${userId}`;

export interface MfaStatus {
  enabled: boolean;
  totp: boolean;
  /** How many passkeys are registered. */
  passkeys: number;
  recoveryCodesRemaining: number;
}

export async function mfaStatus(ctx: Context, userId: string): Promise<MfaStatus> {
  const [totp, passkeys, remaining] = await Promise.all([
    findTotp(ctx.db, userId),
    countPasskeys(ctx.db, userId),
    unusedRecoveryCodes(ctx.db, userId),
  ]);
  const hasTotp = Boolean(totp?.confirmedAt);
  return { enabled: hasTotp || passkeys > 0, totp: hasTotp, passkeys, recoveryCodesRemaining: remaining };
}

/** Whether the account has a second factor (recovery codes alone are not one: they back a factor up). */
async function hasMfa(ctx: Context, userId: string): Promise<boolean> {
  return (await mfaStatus(ctx, userId)).enabled;
}

/** Start (or restart) an authenticator-app enrolment: the secret is shown now, and only now. */
export async function enrolTotp(ctx: HolderContext) {
  const now = ctx.now();
  const user = await findUserById(ctx.db, ctx.holder.userId);
  if (!user) throw new AppError("RESOURCE_NOT_FOUND");
  const secret = newTotpSecret();
  const sealed = await seal(await dataEncryptionKey(ctx.config), secret, totpAssociatedData(user.id));
  const written = await commitWrite(
    ctx,
    upsertPendingTotpWrite(ctx.db, {
      userId: user.id,
      secretSealed: sealed,
      confirmedAt: null,
      lastStep: null,
      createdAt: iso(now),
    }),
  );
  if (!written) throw new AppError("MFA_ALREADY_ENROLLED");
  return { secret, ...enrolmentOf(secret, user.email) };
}

/**
 * Check an authenticator code and spend its time step (a step is accepted once). `confirm`: the
 * first code of an enrolment, which makes it a factor.
 */
async function checkTotp(ctx: Context, userId: string, code: string, now: number, confirm: boolean): Promise<boolean> {
  const row = await findTotp(ctx.db, userId);
  if (!row || Boolean(row.confirmedAt) === confirm) return false;
  const secret = await open(await dataEncryptionKey(ctx.config), row.secretSealed, totpAssociatedData(userId));
  if (!secret) return false;
  const step = matchingStep(secret, code, now);
  if (step === null) return false;
  return commitWrite(ctx, acceptTotpStepWrite(ctx.db, userId, step, confirm ? iso(now) : undefined));
}

/**
 * Confirm the enrolment with its first code. The account's first factor comes with recovery codes,
 * returned here once (empty when a set already exists).
 */
export async function confirmTotp(ctx: HolderContext, input: { code: string }) {
  const now = ctx.now();
  const { userId, sid } = ctx.holder;
  // The change is announced by mail (notices.ts): refused before anything changes when none can be sent.
  requireMailer(ctx);
  const pending = await findTotp(ctx.db, userId);
  if (!pending) throw new AppError("MFA_NOT_ENROLLED");
  if (pending.confirmedAt) throw new AppError("MFA_ALREADY_ENROLLED");
  if (!(await checkTotp(ctx, userId, input.code, now, true))) throw new AppError("MFA_CODE_INVALID");
  const recoveryCodes =
    (await unusedRecoveryCodes(ctx.db, userId)) === 0 ? await issueRecoveryCodes(ctx, userId, now) : [];
  // Enrolling proved possession of the factor: it counts as this session's check.
  await ctx.commit([recordCheckStatement(ctx.db, sid, userId, now)]);
  await announce(ctx, { action: "mfa.factor_added", summary: "An authenticator app was added", factor: "totp" });
  return { recoveryCodes };
}

async function issueRecoveryCodes(ctx: Context, userId: string, now: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await ctx.commit(
    replaceRecoveryCodesStatements(ctx.db, userId, await Promise.all(codes.map(hashRecoveryCode)), iso(now)),
  );
  return codes;
}

/** A new set of recovery codes; the old set stops working. */
export async function regenerateRecoveryCodes(ctx: HolderContext) {
  const now = ctx.now();
  if (!(await hasMfa(ctx, ctx.holder.userId))) throw new AppError("MFA_NOT_ENROLLED");
  requireMailer(ctx);
  const codes = await issueRecoveryCodes(ctx, ctx.holder.userId, now);
  await announce(ctx, {
    action: "mfa.recovery_codes_regenerated",
    summary: "New recovery codes were generated (the old ones no longer work)",
    factor: "recovery_codes",
  });
  return codes;
}

/** Remove the authenticator app. Removing the last factor also drops the recovery codes. */
export async function removeTotp(ctx: HolderContext) {
  const { userId } = ctx.holder;
  const row = await findTotp(ctx.db, userId);
  if (!row) throw new AppError("MFA_NOT_ENROLLED");
  if (row.confirmedAt) requireMailer(ctx);
  await ctx.commit([deleteTotpStatement(ctx.db, userId)]);
  if (!row.confirmedAt) return;
  // Recovery codes back a factor up: they go with the last one.
  if (!(await hasMfa(ctx, userId))) await ctx.commit([deleteRecoveryCodesStatement(ctx.db, userId)]);
  await announce(ctx, {
    action: "mfa.factor_removed",
    summary: "The authenticator app was removed",
    factor: "totp",
  });
}

export interface SecondFactorProof {
  code?: string | undefined;
  recoveryCode?: string | undefined;
  /** A passkey's assertion (navigator.credentials.get() as JSON). */
  webauthn?: AuthenticationResponseJSON | undefined;
}

/**
 * Whether `proof` is a valid, unspent second factor of `userId` (spending it if so). A passkey's
 * assertion must answer the challenge `webauthnChallenge` accepts (the ceremony's own).
 */
export async function verifySecondFactor(
  ctx: Context,
  input: {
    userId: string;
    proof: SecondFactorProof;
    now: number;
    webauthnChallenge?: (challenge: string) => Promise<boolean>;
    /** A step-up's sign-in session: its wrong codes are counted on it as well as on the account. */
    sid?: string;
  },
): Promise<boolean> {
  const { userId, proof, sid } = input;
  // A code can be guessed, a passkey's signature cannot: codes count against the bounds (guessing.ts).
  const guessable = proof.code !== undefined || proof.recoveryCode !== undefined;
  const attempt = guessable ? await countAttempt(ctx, { userId, ...(sid ? { sid } : {}) }) : undefined;
  const ok = await checkSecondFactor(ctx, input);
  if (attempt || ok) await settleAttempt(ctx, { userId, sid, attempt, ok });
  return ok;
}

async function checkSecondFactor(ctx: Context, input: Parameters<typeof verifySecondFactor>[1]): Promise<boolean> {
  const { userId, proof, now } = input;
  if (proof.code !== undefined) return checkTotp(ctx, userId, proof.code, now, false);
  if (proof.recoveryCode !== undefined) {
    const hash = await hashRecoveryCode(proof.recoveryCode);
    return commitWrite(ctx, useRecoveryCodeWrite(ctx.db, userId, hash, iso(now)));
  }
  if (proof.webauthn !== undefined && input.webauthnChallenge) {
    try {
      await verifyAssertion(ctx, {
        response: proof.webauthn,
        userId,
        expectedChallenge: input.webauthnChallenge,
        now,
      });
      return true;
    } catch (err) {
      if (err instanceof AppError && err.code === "PASSKEY_INVALID") return false;
      throw err;
    }
  }
  return false;
}

/**
 * Step-up: a second-factor check for the caller's sign-in session (its `sid`), valid for
 * STEP_UP_WINDOW_MS. A wrong proof records no check; a wrong code counts on the sign-in and the
 * account (guessing.ts).
 */
export async function stepUp(ctx: Context, input: { principal: Principal; proof: SecondFactorProof }) {
  const now = ctx.now();
  const { principal } = input;
  const sid = principal.credential.sid;
  if (!sid || principal.credential.kind === "api_key") throw new AppError("INSUFFICIENT_PERMISSIONS");
  if (!(await hasMfa(ctx, principal.userId))) throw new AppError("MFA_NOT_ENROLLED");
  const userId = principal.userId;
  // A passkey answers the challenge POST /v1/auth/mfa/step-up/options handed to this sign-in session.
  const webauthnChallenge = storedChallenge(ctx, { ceremony: "step_up", userId, sid, now });
  if (!(await verifySecondFactor(ctx, { userId, proof: input.proof, now, webauthnChallenge, sid }))) {
    throw new AppError(input.proof.webauthn ? "PASSKEY_INVALID" : "MFA_CODE_INVALID");
  }
  await ctx.commit([recordCheckStatement(ctx.db, sid, principal.userId, now)]);
  return { verifiedAt: now, validUntil: now + STEP_UP_WINDOW_MS };
}

async function announce(ctx: HolderContext, change: Parameters<typeof announceFactorChange>[1]["change"]) {
  const user = await findUserById(ctx.db, ctx.holder.userId);
  if (!user) return;
  await announceFactorChange(ctx, { principal: ctx.principal, meta: ctx.meta, email: user.email, change });
}

/**
 * Register a passkey (the ceremony's second half). The account's first factor comes with recovery
 * codes, returned here once; registering proves possession, so it counts as this session's check.
 * A passkey signs in on its own: the account-holder rule keeps an API key, an OAuth client or a
 * stolen session without a recent check from planting one.
 */
export async function registerPasskey(ctx: HolderContext, input: { name: string; response: RegistrationResponseJSON }) {
  const now = ctx.now();
  const { userId, sid } = ctx.holder;
  requireMailer(ctx);
  const passkey = await verifyPasskeyRegistration(ctx, { ...input, userId, now });
  const recoveryCodes =
    (await unusedRecoveryCodes(ctx.db, userId)) === 0 ? await issueRecoveryCodes(ctx, userId, now) : [];
  await ctx.commit([recordCheckStatement(ctx.db, sid, userId, now)]);
  await announce(ctx, {
    action: "mfa.factor_added",
    summary: `A passkey ("${passkey.name}") was added`,
    factor: passkey.id,
  });
  return { passkey, recoveryCodes };
}

/**
 * Remove a passkey; removing the last factor also drops the recovery codes. Another account's
 * passkey is a 404.
 */
export async function removePasskey(ctx: HolderContext, input: { id: string }) {
  const { userId } = ctx.holder;
  const passkey = await ownPasskey(ctx, { userId, id: input.id });
  await dropPasskey(ctx, { userId, id: passkey.id });
  if (!(await hasMfa(ctx, userId))) await ctx.commit([deleteRecoveryCodesStatement(ctx.db, userId)]);
  await announce(ctx, {
    action: "mfa.factor_removed",
    summary: `The passkey "${passkey.name}" was removed`,
    factor: passkey.id,
  });
}
