import { type AccountRow, findAccount } from "../../db/billing-accounts";
import { failedRenewalWrite, renewalWrite } from "../../db/billing-cycle";
import { findDefaultPaymentMethod } from "../../db/payment-methods";
import type { TransactionRow } from "../../db/transactions";
import { transactionInsert } from "../../db/transactions";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { commitWrite } from "../unit-of-work";
import { type EventMessage, eventIdFor, eventMessage } from "../webhooks/events";
import { publish } from "../webhooks/outbox";
import { CURRENCY, TIER_PLANS, toMajorUnits } from "./catalogue";
import { type ChargeResult, paymentGateway } from "./gateway";
import { billingScale, DUNNING_RETRY_DAYS, dunningRetryAt, periodEnd } from "./period";

/** Periods one run may catch up on (an account whose clock was stopped for months catches up over runs). */
const MAX_STEPS_PER_RUN = 6;

export type StepOutcome = "renewed" | "payment_failed" | "downgraded" | "not_due" | "gone";

/**
 * Run an account's billing clock up to `now` (docs/decisions.md, "Billing
 * cycle"): at each period end (the trial's end included) charge the plan's fee
 * and renew the included credits; on a failure go past_due and retry on the
 * dunning schedule; after the last failure move to basic. Returns when the
 * clock should run next (null: the account is gone). Safe to run twice or
 * concurrently: every write is conditional on the state it read, the fee's
 * gateway idempotency key is per (account, period, attempt).
 */
export async function runBillingCycle(
  ctx: Context,
  input: { accountId: string },
): Promise<{ nextActionAt: number | null; outcomes: StepOutcome[] }> {
  const { accountId } = input;
  const now = ctx.now();
  const outcomes: StepOutcome[] = [];
  for (let i = 0; i < MAX_STEPS_PER_RUN; i++) {
    const account = await findAccount(ctx.db, accountId);
    if (!account) return { nextActionAt: null, outcomes: [...outcomes, "gone"] };
    const due = Date.parse(account.nextActionAt ?? account.currentPeriodEnd);
    if (now < due) return { nextActionAt: due, outcomes };
    outcomes.push(await step(ctx, account, now));
  }
  const account = await findAccount(ctx.db, accountId);
  return { nextActionAt: account ? Date.parse(account.nextActionAt ?? account.currentPeriodEnd) : null, outcomes };
}

/** The idempotency key of a period's fee: one per (account, period). */
const feeKey = (a: Pick<AccountRow, "id" | "currentPeriodEnd">): string => `sub_${a.id}_${a.currentPeriodEnd}`;

async function step(ctx: Context, a: AccountRow, now: number): Promise<StepOutcome> {
  const tier = a.pendingTier ?? a.tier;
  const plan = TIER_PLANS[tier];
  if (plan.monthlyFeeCents === 0) {
    await renew(ctx, a, tier, null, now);
    return "renewed";
  }
  const attempt = a.dunningAttempts + 1;
  const key = feeKey(a);
  const at = iso(now);
  const pm = await findDefaultPaymentMethod(ctx.db, a.id);
  const description = `${capitalise(tier)} plan, period from ${a.currentPeriodEnd}`;
  const txn: TransactionRow = {
    id: newId("txn", now),
    accountId: a.id,
    type: "subscription_fee",
    amountCents: plan.monthlyFeeCents,
    currency: CURRENCY,
    credits: 0,
    status: "completed",
    description,
    creditPackage: null,
    quantity: null,
    paymentMethodId: pm?.id ?? null,
    idempotencyKey: key,
    gatewayReference: null,
    failureCode: null,
    creditsReversed: 0,
    createdAt: at,
  };
  let charge: ChargeResult;
  if (!pm) {
    charge = { status: "declined", code: "no_payment_method", message: "The account has no payment method." };
  } else {
    const gateway = paymentGateway(ctx);
    charge =
      pm.gateway === gateway.name
        ? await gateway.charge({
            token: pm.gatewayToken,
            amountCents: plan.monthlyFeeCents,
            currency: CURRENCY,
            description,
            idempotencyKey: `${key}_${attempt}`,
          })
        : { status: "declined", code: "invalid_token", message: "The payment method belongs to another gateway." };
  }
  if (charge.status === "succeeded") {
    await renew(ctx, a, tier, { ...txn, gatewayReference: charge.chargeId }, now);
    return "renewed";
  }
  if (attempt > DUNNING_RETRY_DAYS.length) {
    await renew(ctx, a, "basic", null, now, { reason: "payment_failed", failed: failedRow(txn, charge, now) });
    return "downgraded";
  }
  const retryAt = iso(dunningRetryAt(Date.parse(a.currentPeriodEnd), attempt, billingScale(ctx)));
  const event = eventMessage(
    "billing.payment_failed",
    await eventIdFor("billing.payment_failed", `${key}_${attempt}`),
    a.ownerId,
    at,
    {
      account_id: a.id,
      transaction_id: txn.id,
      tier,
      amount: toMajorUnits(plan.monthlyFeeCents),
      currency: CURRENCY,
      decline_code: charge.code,
      reason: charge.message,
      attempt,
      next_retry_at: retryAt,
    },
  );
  if (await commitWrite(ctx, failedRenewalWrite(ctx.db, a, attempt, retryAt, failedRow(txn, charge, now), event))) {
    await publish(ctx, [event]);
  }
  return "payment_failed";
}

function failedRow(txn: TransactionRow, charge: Exclude<ChargeResult, { status: "succeeded" }>, now: number) {
  return {
    ...txn,
    id: newId("txn", now),
    status: "failed" as const,
    idempotencyKey: null,
    gatewayReference: charge.code,
    failureCode: charge.code,
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Start the next period on `tier`. Normally it begins where the last one
 * ended (the anchor is kept, also after dunning); a downgrade for non-payment
 * starts a fresh basic period now.
 */
async function renew(
  ctx: Context,
  a: AccountRow,
  tier: AccountRow["tier"],
  fee: TransactionRow | null,
  now: number,
  downgrade?: { reason: "payment_failed"; failed: TransactionRow },
): Promise<void> {
  const scale = billingScale(ctx);
  const start = downgrade ? now : Date.parse(a.currentPeriodEnd);
  const end = periodEnd(start, scale);
  const at = iso(now);
  const periodRef = `${a.id}:${a.currentPeriodEnd}`;
  // A paid plan's included credits are paid for; the free plan's renew only on an account holding a
  // verified email's claim (docs/decisions.md "Free credits"), else every unverified account would mint them.
  const included = TIER_PLANS[tier].monthlyFeeCents > 0 || a.freeIncluded ? TIER_PLANS[tier].includedCredits : 0;
  const events: EventMessage[] = [];
  if (fee) {
    events.push(
      eventMessage(
        "billing.payment_succeeded",
        await eventIdFor("billing.payment_succeeded", fee.idempotencyKey ?? fee.id),
        a.ownerId,
        at,
        {
          account_id: a.id,
          transaction_id: fee.id,
          type: "subscription_fee",
          tier,
          amount: toMajorUnits(fee.amountCents),
          currency: CURRENCY,
          payment_status: "succeeded",
          credits_renewed: included,
          current_period_start: iso(start),
          current_period_end: iso(end),
        },
      ),
    );
  }
  if (tier !== a.tier) {
    events.push(
      eventMessage("billing.plan_changed", await eventIdFor("billing.plan_changed", periodRef), a.ownerId, at, {
        account_id: a.id,
        from_tier: a.tier,
        to_tier: tier,
        reason: downgrade ? downgrade.reason : "scheduled_downgrade",
        effective_at: iso(start),
      }),
    );
  }
  if (downgrade) await ctx.commit([transactionInsert(ctx.db, downgrade.failed)]);
  const applied = await commitWrite(
    ctx,
    renewalWrite(ctx.db, {
      account: a,
      tier,
      included,
      periodStart: iso(start),
      periodEnd: iso(end),
      expiry: {
        ledgerId: newId("led", now),
        accountId: a.id,
        reason: "credits_expiry",
        referenceId: periodRef,
        description: "Unused included credits expired at the period end",
        at,
      },
      grant: {
        ledgerId: newId("led", now),
        accountId: a.id,
        reason: "credits_renewal",
        referenceId: periodRef,
        description: `${capitalise(tier)} plan: included credits for the period to ${iso(end)}`,
        at,
      },
      fee: fee ?? undefined,
      events,
    }),
  );
  if (applied) await publish(ctx, events);
}
