import { apiCallsBetween } from "../../db/api-usage";
import { findDefaultPaymentMethod } from "../../db/payment-methods";
import { ledgerUsageBetween, storedBytes } from "../../db/usage";
import type { Principal } from "../identity/principal";
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
  d1: D1Database,
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

/** The Billing record of spec part 2, every figure computed from stored data. */
export async function billingRecord(d1: D1Database, principal: Principal, now = Date.now()) {
  const thisMonth = currentMonth(now);
  const account = await actingAccount({ DB: d1 }, principal);
  const [current, previous, pm] = await Promise.all([
    usageFor(d1, principal.userId, account.id, thisMonth),
    usageFor(d1, principal.userId, account.id, lastMonth(now)),
    findDefaultPaymentMethod(d1, account.id),
  ]);
  const plan = TIER_PLANS[account.tier];
  const { creditsUsed, ...currentUsage } = current;
  const { creditsUsed: _previousUsed, ...lastUsage } = previous;
  return {
    tier: account.tier,
    monthly_fee: toMajorUnits(plan.monthlyFeeCents),
    currency: "USD",
    credits: {
      included: plan.includedCredits,
      used: creditsUsed,
      remaining: account.balance,
      reset_date: thisMonth.end,
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
    next_billing_date: thisMonth.end,
  };
}
