import { findAccount } from "../../db/billing-accounts";
import { pendingAttemptDueStatement } from "../../db/billing-cycle";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { type AccountRow, actingAccount } from "./accounts";
import { billingRecord } from "./billing-record";
import { wakeClock } from "./clock";

/**
 * Settle the caller's past_due account now: run the billing clock's pending attempt at
 * once (with the default payment method, e.g. a card just added). Answers the billing record
 * after the attempt.
 */
export async function retryPayment(ctx: UserContext) {
  await attemptNow(ctx);
  return billingRecord(ctx);
}

async function attemptNow(ctx: UserContext): Promise<AccountRow> {
  const account = await actingAccount(ctx);
  if (account.status !== "past_due") {
    throw new AppError("NOTHING_TO_RETRY", { details: { status: account.status } });
  }
  // Make the pending attempt due now; the clock (one run at a time per account) makes it.
  await ctx.commit([pendingAttemptDueStatement(ctx.db, account.id, iso(ctx.now()))]);
  await wakeClock(ctx, { accountId: account.id });
  const updated = await findAccount(ctx.db, account.id);
  if (!updated) throw new AppError("TOKEN_INVALID", { message: "The account of this credential no longer exists." });
  return updated;
}

/** A new default card on a past_due account settles it at once (the pending attempt runs now). */
export async function settleIfPastDue(ctx: UserContext): Promise<void> {
  const account = await actingAccount(ctx);
  if (account.status === "past_due") await attemptNow(ctx);
}
