import { hasSecondFactor, lastCheck } from "../../../db/mfa";
import { AppError } from "../../../errors";
import type { Context } from "../../context";
import type { Principal } from "../principal";

/** How long a second-factor check counts for step-up (docs/security.md "Step-up"). */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/** 403 MFA_REQUIRED unless sign-in `sid` of `userId` passed a second-factor check within STEP_UP_WINDOW_MS. */
export async function requireFreshCheck(ctx: Context, input: { userId: string; sid: string | undefined }) {
  const now = ctx.now();
  const at = input.sid ? await lastCheck(ctx.db, input.sid, input.userId) : null;
  if (at !== null && now - at <= STEP_UP_WINDOW_MS && at <= now) return;
  throw new AppError("MFA_REQUIRED", {
    details: { step_up: "POST /v1/auth/mfa/step-up", window_seconds: STEP_UP_WINDOW_MS / 1000 },
  });
}

/**
 * Sensitive operations outside the account's own security (the payment method or the plan, an
 * organization's MFA requirement) need a recent check when the account has a second factor.
 * An API key passes: it is a program with no sign-in to check, and it was created by its holder with
 * a recent check (account-holder.ts). The account's own security, and an organization's identity
 * connections, are account-holder.ts's rule instead.
 */
export async function requireRecentCheck(ctx: Context, principal: Principal) {
  if (principal.credential.kind === "api_key") return;
  if (!(await hasSecondFactor(ctx.db, principal.userId))) return;
  await requireFreshCheck(ctx, { userId: principal.userId, sid: principal.credential.sid });
}
