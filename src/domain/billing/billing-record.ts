import { apiCallsBetween } from "../../db/api-usage";
import { findDefaultPaymentMethod } from "../../db/payment-methods";
import type { Store } from "../../db/store";
import { ledgerUsageBetween, storedBytes } from "../../db/usage";
import type { UserContext } from "../context";
import { actingAccount } from "./accounts";
import { expiryString } from "./cards";
import { TIER_PLANS, toMajorUnits } from "./catalogue";
import { currentMonth, lastMonth, type Month } from "./period";

/** Storage is billed in decimal gigabytes (10^9 bytes), like cloud providers do. */
const BYTES_PER_GB = 1e9;

export interface MonthUsage {
  sessions: number;
  api_calls: number;
  storage_gb: number;
}

async function usageFor(
  d1: Store,
  userId: string,
  accountId: string,
  m: Month,
): Promise<MonthUsage & { creditsUsed: number }> {
  const [ledger, apiCalls, bytes] = await Promise.all([
    ledgerUsageBetween(d1, accountId, m.start, m.end),
    apiCallsBetween(d1, userId, m.startDay, m.endDay),
    // Storage at the end of the month: what was stored by then (and is still stored).
    storedBytes(d1, userId, m.end),
  ]);
  return {
    sessions: ledger.sessions,
    api_calls: apiCalls,
    storage_gb: Number((bytes / BYTES_PER_GB).toFixed(9)),
    creditsUsed: ledger.creditsUsed,
  };
}

/**
 * The Billing record of spec part 2, every figure computed from stored data:
 * plan, status and period from the acting billing account; usage (sessions,
 * API calls, storage) per calendar month as before.
 */
export async function billingRecord(ctx: UserContext) {
  const { db: d1, principal } = ctx;
  const now = ctx.now();
  const thisMonth = currentMonth(now);
  const account = await actingAccount(ctx);
  const [current, previous, pm] = await Promise.all([
    usageFor(d1, principal.userId, account.id, thisMonth),
    usageFor(d1, principal.userId, account.id, lastMonth(now)),
    findDefaultPaymentMethod(d1, account.id),
  ]);
  const plan = TIER_PLANS[account.tier];
  const { creditsUsed: _currentUsed, ...currentUsage } = current;
  const { creditsUsed: _previousUsed, ...lastUsage } = previous;
  return {
    tier: account.tier,
    monthly_fee: toMajorUnits(plan.monthlyFeeCents),
    currency: "USD",
    status: account.status,
    trial_ends_at: account.trialEndsAt,
    current_period_start: account.currentPeriodStart,
    current_period_end: account.currentPeriodEnd,
    pending_tier: account.pendingTier,
    trial_tier: account.trialTier,
    // included − used = included_remaining; included_remaining + purchased_remaining = remaining.
    credits: {
      included: account.periodIncluded,
      used: account.periodIncluded - account.includedBalance,
      remaining: account.balance,
      included_remaining: account.includedBalance,
      purchased_remaining: account.balance - account.includedBalance,
      reset_date: account.currentPeriodEnd,
    },
    usage: { current_month: currentUsage, last_month: lastUsage },
    payment_method: pm
      ? {
          id: pm.id,
          type: "card" as const,
          brand: pm.brand,
          last_four: pm.lastFour,
          expiry: expiryString(pm.expMonth, pm.expYear),
        }
      : null,
    // Basic is free, but its included credits renew on the same date.
    next_billing_date: account.currentPeriodEnd,
  };
}
