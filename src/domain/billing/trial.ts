import { findAccountByOwner } from "../../db/billing-accounts";
import type { Statement } from "../../db/store";
import { trialStartStatements } from "../../db/trials";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { Context, UserContext } from "../context";
import { forgetAccountRefs } from "../identity/acting-account-cache";
import type { Tier } from "../identity/principal";
import type { AccountRow } from "./accounts";
import { TIER_PLANS } from "./catalogue";
import { wakeClock } from "./clock";
import { emailClaimKey } from "./free-credits";
import { billingScale, trialEnd } from "./period";

/**
 * Paid-plan trials and the verified email (issue 29, docs/decisions.md "What an unverified account
 * may not do"): as with Stripe's one trial per customer, a trial is given to a proven mailbox,
 * once. A paid tier chosen at registration waits on the account (`trial_tier`) while it is on the
 * free plan; the verification's batch starts it (billing/accounts.ts newAccount, db/trials.ts).
 */

/**
 * Statements for the email verification's batch, after the free-credit claim's: the chosen tier's
 * trial, TRIAL_DAYS from the verification, when this is the mailbox's first claim. Nothing when no
 * paid tier is waiting.
 */
export async function trialOnVerification(
  ctx: Context,
  input: { account: AccountRow; userId: string; email: string; at: string },
): Promise<Statement[]> {
  const { account, userId, email, at } = input;
  if (account.trialTier === null) return [];
  return trialStartStatements(ctx.db, {
    userId,
    accountId: account.id,
    emailHash: await emailClaimKey(email),
    at,
    endsAt: iso(trialEnd(Date.parse(at), billingScale(ctx))),
  });
}

/**
 * A change to a paid plan needs the caller's verified email (403 EMAIL_NOT_VERIFIED): a trial or a
 * subscription is promised to, and its receipts and dunning mails go to, a proven address. Without
 * this an unverified account would start the trial registration keeps waiting.
 */
export async function requireVerifiedForPaidPlan(ctx: UserContext, input: { tier: Tier }): Promise<void> {
  if (TIER_PLANS[input.tier].monthlyFeeCents === 0) return;
  const user = await findUserById(ctx.db, ctx.principal.userId);
  if (user?.emailVerifiedAt) return;
  throw new AppError("EMAIL_NOT_VERIFIED", {
    message: "Verify your email address before choosing a paid plan (its trial starts then).",
    details: { email: user?.email ?? null, tier: input.tier },
  });
}

/**
 * After the verification's commit: when the account is trialing now, its billing clock is re-armed
 * for the trial's end and this isolate's cached account references are dropped, so the trial's
 * rate limits apply on the next request.
 */
export async function afterTrialStart(ctx: Context, input: { userId: string }): Promise<void> {
  const account = await findAccountByOwner(ctx.db, "user", input.userId);
  if (account?.status !== "trialing") return;
  forgetAccountRefs();
  await wakeClock(ctx, { accountId: account.id });
}
