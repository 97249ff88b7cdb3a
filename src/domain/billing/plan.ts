import { findAccount } from "../../db/billing-accounts";
import { setPendingTierStatement, upgradeWrite } from "../../db/billing-cycle";
import { findDefaultPaymentMethod } from "../../db/payment-methods";
import type { TransactionRow } from "../../db/transactions";
import { transactionInsert } from "../../db/transactions";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context, RequestMeta, UserContext } from "../context";
import type { Principal, Tier } from "../identity/principal";
import { TIERS } from "../identity/principal";
import { auditInBatch } from "../organizations/audit";
import { commitWrite } from "../unit-of-work";
import { eventIdFor, eventMessage } from "../webhooks/events";
import { publish } from "../webhooks/outbox";
import { type AccountRow, actingAccount, refOf } from "./accounts";
import { CURRENCY, TIER_PLANS, toMajorUnits } from "./catalogue";
import { wakeClock } from "./clock";
import { chargeRefused, paymentGateway } from "./gateway";
import { adoptIfPending, resolvePaymentMethod } from "./payment-methods";
import { requireVerifiedForPaidPlan } from "./trial";

/** Who changes the plan and from where: an organization's change is audited with it. */
interface PlanActor {
  principal: Principal;
  meta: RequestMeta;
}

export interface PlanChangeInput {
  tier: Tier;
  payment_method_id?: string | undefined;
}

const rank = (t: Tier) => TIERS.indexOf(t);

/**
 * Change plan (docs/decisions.md, "Billing cycle"):
 * - an upgrade takes effect now: the fee difference for the rest of the
 *   period is charged (nothing while trialing: the trial simply continues on
 *   the higher plan) and the difference of included credits, prorated the
 *   same way, is granted;
 * - a downgrade (basic included) takes effect at the period end: pending_tier
 *   until then; asking for the current tier while a downgrade is pending
 *   cancels it. Sessions running over the lower plan's concurrency cap are
 *   left to finish; new ones are refused by the cap.
 * - the same tier with nothing pending → 409 PLAN_UNCHANGED; a past_due
 *   account must settle first (POST /v1/billing/retry or a new card) → 409 ACCOUNT_PAST_DUE.
 * For an organization every change is committed with its audit entry (one batch).
 */
export async function changePlan(ctx: UserContext, input: PlanChangeInput) {
  const { principal, meta } = ctx;
  const now = ctx.now();
  // A paid plan (its trial, or its fee) needs a verified email: 403 EMAIL_NOT_VERIFIED (billing/trial.ts).
  await requireVerifiedForPaidPlan(ctx, { tier: input.tier });
  const account = await actingAccount(ctx);
  const at = iso(now);
  const actor = { principal, meta };
  if (account.status === "past_due") {
    throw new AppError("ACCOUNT_PAST_DUE", { details: { status: account.status } });
  }
  if (input.tier === account.tier) {
    if (!account.pendingTier) throw new AppError("PLAN_UNCHANGED", { details: { tier: account.tier } });
    await ctx.commit([
      setPendingTierStatement(ctx.db, account.id, null, at),
      ...planAudit(ctx, actor, account, input.tier, null),
    ]);
    return { account: await reread(ctx, account.id), charged: null };
  }
  if (rank(input.tier) < rank(account.tier)) {
    // Nothing is charged now: the named card becomes the default as asked.
    if (input.payment_method_id !== undefined)
      await adoptIfPending(ctx, await paymentMethodFor(ctx, account, input.payment_method_id));
    await ctx.commit([
      setPendingTierStatement(ctx.db, account.id, input.tier, at),
      ...planAudit(ctx, actor, account, account.tier, input.tier),
    ]);
    return { account: await reread(ctx, account.id), charged: null };
  }
  return upgrade(ctx, actor, account, input, now);
}

/** The `billing.plan_changed` entry of an organization's plan change, for the change's own batch. */
function planAudit(
  ctx: Context,
  { principal, meta }: PlanActor,
  before: AccountRow,
  tier: Tier,
  pendingTier: Tier | null,
) {
  return auditInBatch(ctx, {
    organizationId: principal.organization?.id,
    actor: principal,
    meta,
    entry: {
      action: "billing.plan_changed",
      targetType: "billing_account",
      targetId: before.id,
      before: { tier: before.tier, pending_tier: before.pendingTier },
      after: { tier, pending_tier: pendingTier },
    },
  });
}

async function reread(ctx: Context, id: string): Promise<AccountRow> {
  const a = await findAccount(ctx.db, id);
  if (!a) throw new AppError("TOKEN_INVALID", { message: "The account of this credential no longer exists." });
  return a;
}

/** The payment method an upgrade charges: the one named (saved as the default), else the default. */
async function paymentMethodFor(ctx: UserContext, account: AccountRow, id: string | undefined) {
  const gateway = paymentGateway(ctx);
  if (id !== undefined) return resolvePaymentMethod(ctx, { gateway, accountId: account.id, id, makeDefault: true });
  return findDefaultPaymentMethod(ctx.db, account.id);
}

/** The fraction of the current period still ahead, in [0, 1]. */
function remainingFraction(a: Pick<AccountRow, "currentPeriodStart" | "currentPeriodEnd">, now: number) {
  const start = Date.parse(a.currentPeriodStart);
  const end = Date.parse(a.currentPeriodEnd);
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - now) / (end - start)));
}

async function upgrade(ctx: UserContext, actor: PlanActor, a: AccountRow, input: PlanChangeInput, now: number) {
  const { principal } = actor;
  const at = iso(now);
  const from = TIER_PLANS[a.tier];
  const to = TIER_PLANS[input.tier];
  const trialing = a.status === "trialing";
  const fraction = remainingFraction(a, now);
  const amountCents = trialing ? 0 : Math.round((to.monthlyFeeCents - from.monthlyFeeCents) * fraction);
  const credits = trialing ? 0 : Math.round((to.includedCredits - from.includedCredits) * fraction);
  const pm = await paymentMethodFor(ctx, a, input.payment_method_id);
  const txnId = newId("txn", now);
  const description = `Upgrade ${a.tier} → ${input.tier}: ${Math.round(fraction * 1000) / 10}% of the period`;
  let txn: TransactionRow | null = null;
  if (amountCents > 0) {
    if (!pm) throw invalidField("payment_method_id", "required: the account has no payment method to charge");
    txn = {
      id: txnId,
      accountId: a.id,
      type: "plan_change",
      amountCents,
      currency: CURRENCY,
      credits,
      status: "completed",
      description,
      creditPackage: null,
      quantity: null,
      paymentMethodId: pm.id,
      idempotencyKey: null,
      gatewayReference: null,
      failureCode: null,
      creditsReversed: 0,
      createdAt: at,
    };
    const gateway = paymentGateway(ctx);
    const charge =
      gateway.name === pm.gateway
        ? await gateway.charge({
            token: pm.gatewayToken,
            amountCents,
            currency: CURRENCY,
            description,
            idempotencyKey: txnId,
          })
        : ({
            status: "declined",
            code: "invalid_token",
            message: "The payment method belongs to another gateway.",
          } as const);
    if (charge.status !== "succeeded") {
      await ctx.commit([
        transactionInsert(ctx.db, {
          ...txn,
          status: "failed",
          gatewayReference: charge.code,
          failureCode: charge.code,
        }),
      ]);
      throw chargeRefused(txnId, charge);
    }
    txn.gatewayReference = charge.chargeId;
  }
  // Charged successfully, or nothing was due (a trial): a card saved just now may become the default.
  await adoptIfPending(ctx, pm);
  const events = [
    eventMessage("billing.plan_changed", await eventIdFor("billing.plan_changed", txnId), a.ownerId, at, {
      account_id: a.id,
      from_tier: a.tier,
      to_tier: input.tier,
      reason: "upgrade",
      effective_at: at,
      amount: toMajorUnits(amountCents),
      currency: CURRENCY,
      credits_granted: credits,
    }),
  ];
  if (txn) {
    events.push(
      eventMessage("billing.payment_succeeded", await eventIdFor("billing.payment_succeeded", txnId), a.ownerId, at, {
        account_id: a.id,
        transaction_id: txnId,
        type: "plan_change",
        amount: toMajorUnits(amountCents),
        currency: CURRENCY,
        payment_status: "succeeded",
      }),
    );
  }
  const applied = await commitWrite(
    ctx,
    upgradeWrite(
      ctx.db,
      a,
      input.tier,
      credits,
      {
        ledgerId: newId("led", now),
        accountId: a.id,
        reason: "plan_proration",
        referenceId: txnId,
        description: `${description}: prorated included credits`,
        at,
      },
      txn,
      events,
      planAudit(ctx, actor, a, input.tier, null),
    ),
  );
  if (!applied) {
    // The plan or period changed while the charge ran (a renewal, another change): nothing was applied.
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The plan changed meanwhile; retry.",
      details: { transaction_id: txnId, retry_after: 1 },
    });
  }
  await publish(ctx, events);
  const updated = await reread(ctx, a.id);
  principal.account = refOf(updated);
  principal.tier = updated.tier;
  await wakeClock(ctx, { accountId: a.id });
  return {
    account: updated,
    charged: txn ? { transaction_id: txnId, amount: toMajorUnits(amountCents), currency: CURRENCY, credits } : null,
  };
}
