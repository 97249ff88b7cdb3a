import { balanceOf } from "../../db/credits";
import type { Store } from "../../db/store";
import {
  completedPurchaseWrite,
  type TransactionRow,
  transactionInsert,
  transactionsOfChargeKey,
} from "../../db/transactions";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import type { UserContext } from "../context";
import { auditInBatch } from "../organizations/audit";
import { commitWrite } from "../unit-of-work";
import { eventIdFor, eventMessage } from "../webhooks/events";
import { publish } from "../webhooks/outbox";
import { actingAccountRef } from "./accounts";
import { isExpired } from "./cards";
import { type CreditPackageCode, CURRENCY, creditPackage, toMajorUnits } from "./catalogue";
import { chargeRefused, paymentGateway } from "./gateway";
import { adoptIfPending, resolvePaymentMethod } from "./payment-methods";

export interface PurchaseInput {
  credit_package: CreditPackageCode;
  payment_method_id: string;
  quantity: number;
  /** The request's `Idempotency-Key`, when the client sent one (see purchaseCredits). */
  clientKey?: string | undefined;
}

export interface PurchaseResult {
  transaction_id: string;
  credits_purchased: number;
  amount: number;
  currency: string;
  payment_status: "succeeded";
  new_balance: number;
}

/**
 * Buy credits: charge the payment method, then apply the credit once,
 * atomically, with its ledger row and transaction (db/transactions.ts).
 * A decline or processor failure records a failed transaction and credits nothing.
 * On success a billing.payment_succeeded event is committed with the purchase
 * (transactional outbox) and sent to the webhook queue; for an organization,
 * so is its audit entry.
 *
 * The caller buys for the account it acts for (`ctx.principal`: the organization's with
 * `X-Organization-Id`, or in an organization's own route the context from `actingFor`).
 *
 * With the client's `Idempotency-Key` (`clientKey`), the gateway's idempotency
 * key is derived from it, not from the fresh transaction id, so a retry after a
 * failure that left no record (D1 failed after the charge) presents the same key
 * and the processor returns the first charge instead of charging again
 * (docs/decisions.md, "Billing cycle": "Purchase retries").
 */
export async function purchaseCredits(ctx: UserContext, input: PurchaseInput): Promise<PurchaseResult> {
  const { principal } = ctx;
  const { clientKey } = input;
  const now = ctx.now();
  const account = await actingAccountRef(ctx);
  const attempt = clientKey ? await chargeAttempt(ctx.db, account.id, principal.userId, clientKey, input) : null;
  if (attempt?.completed) return summaryOf(attempt.completed, await balanceOf(ctx.db, account.id));
  const gateway = paymentGateway(ctx);
  const pm = await resolvePaymentMethod(ctx, { gateway, accountId: account.id, id: input.payment_method_id });
  if (isExpired(pm.expMonth, pm.expYear, now)) {
    throw new AppError("PAYMENT_DECLINED", {
      message: "The card has expired.",
      details: { field: "payment_method_id", decline_code: "expired_card" },
    });
  }
  const pkg = creditPackage(input.credit_package);
  const credits = pkg.credits * input.quantity;
  const amountCents = pkg.priceCents * input.quantity;
  const txnId = newId("txn", now);
  const at = iso(now);
  const description = `${input.quantity} × ${pkg.name} package (${credits} credits)`;
  const row: TransactionRow = {
    id: txnId,
    accountId: account.id,
    type: "credit_purchase",
    amountCents,
    currency: CURRENCY,
    credits,
    status: "completed",
    description,
    creditPackage: pkg.code,
    quantity: input.quantity,
    paymentMethodId: pm.id,
    idempotencyKey: attempt?.key ?? null,
    gatewayReference: null,
    failureCode: null,
    creditsReversed: 0,
    createdAt: at,
  };

  if (gateway.name !== pm.gateway) {
    throw new AppError("PAYMENT_DECLINED", {
      message: "The payment method belongs to another payment gateway.",
      details: { field: "payment_method_id", decline_code: "invalid_token" },
    });
  }
  const charge = await gateway.charge({
    token: pm.gatewayToken,
    amountCents,
    currency: CURRENCY,
    description,
    idempotencyKey: attempt?.key ?? txnId,
  });
  if (charge.status !== "succeeded") {
    await ctx.commit([
      transactionInsert(ctx.db, {
        ...row,
        status: "failed",
        gatewayReference: charge.code,
        failureCode: charge.code,
      }),
    ]);
    throw chargeRefused(txnId, charge);
  }
  await adoptIfPending(ctx, pm);

  const entry = {
    ledgerId: newId("led", now),
    accountId: account.id,
    reason: "credit_purchase" as const,
    referenceId: txnId,
    description,
    at,
  };
  const summary = {
    transaction_id: txnId,
    credits_purchased: credits,
    amount: toMajorUnits(amountCents),
    currency: CURRENCY,
    payment_status: "succeeded" as const,
  };
  const event = eventMessage(
    "billing.payment_succeeded",
    await eventIdFor("billing.payment_succeeded", txnId),
    principal.userId,
    at,
    {
      ...summary,
      credit_package: pkg.code,
      quantity: input.quantity,
    },
  );
  const { newBalance } = await commitWrite(
    ctx,
    completedPurchaseWrite(
      ctx.db,
      { ...row, gatewayReference: charge.chargeId },
      entry,
      event,
      auditInBatch(ctx, {
        organizationId: principal.organization?.id,
        entry: {
          action: "billing.purchase",
          targetType: "billing_account",
          targetId: principal.organization?.id ?? account.id,
          after: {
            credit_package: input.credit_package,
            payment_method_id: input.payment_method_id,
            quantity: input.quantity,
            transaction_id: txnId,
            credits,
          },
        },
      }),
    ),
  );
  // The event is committed with the purchase (outbox); a queue outage only delays it.
  // The same payload as the outboxed row (whose new_balance was set in the batch), so an
  // immediate send and a swept re-send are identical.
  await publish(ctx, [{ ...event, data: { ...event.data, new_balance: newBalance } }]);
  // Counted once, when the charge is made: a replayed key returned above.
  ctx.ports.metrics.record({
    kind: "credits_sold",
    creditPackage: input.credit_package,
    currency: summary.currency,
    credits,
    amount: summary.amount,
  });
  return { ...summary, new_balance: newBalance };
}

/**
 * The gateway idempotency key of this request's charge: `<base>_<n>`, where the
 * base is a hash of (account, user, client key, request) and n counts the
 * attempts that recorded a failure. A processor caches a failed charge under its
 * key, so a retry after a recorded failure needs the next n; a retry after a
 * failure that recorded nothing reuses n and gets the first charge back. A
 * completed attempt is returned instead (its response was lost after it committed).
 */
async function chargeAttempt(
  d1: Store,
  accountId: string,
  userId: string,
  clientKey: string,
  input: PurchaseInput,
): Promise<{ key: string; completed: TransactionRow | undefined }> {
  const request = JSON.stringify([
    accountId,
    userId,
    clientKey,
    input.credit_package,
    input.payment_method_id,
    input.quantity,
  ]);
  const base = `pur_${(await sha256Hex(request)).slice(0, 40)}`;
  const rows = await transactionsOfChargeKey(d1, base);
  const completed = rows.find((r) => r.status === "completed");
  return { key: `${base}_${rows.length + 1}`, completed };
}

function summaryOf(row: TransactionRow, balance: number): PurchaseResult {
  return {
    transaction_id: row.id,
    credits_purchased: row.credits,
    amount: toMajorUnits(row.amountCents),
    currency: row.currency,
    payment_status: "succeeded",
    new_balance: balance,
  };
}
