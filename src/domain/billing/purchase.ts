import { recordCompletedPurchase, recordFailedPurchase, type TransactionRow } from "../../db/transactions";
import type { Bindings } from "../../env";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Principal } from "../identity/principal";
import { auditInBatch, type RequestMeta } from "../organizations/audit";
import { eventIdFor, eventMessage } from "../webhooks/events";
import { publish } from "../webhooks/outbox";
import { actingAccountRef } from "./accounts";
import { isExpired } from "./cards";
import { type CreditPackageCode, CURRENCY, creditPackage, toMajorUnits } from "./catalogue";
import { chargeRefused, paymentGateway } from "./gateway";
import { resolvePaymentMethod } from "./payment-methods";

export interface PurchaseInput {
  credit_package: CreditPackageCode;
  payment_method_id: string;
  quantity: number;
}

export interface PurchaseResult {
  transaction_id: string;
  credits_purchased: number;
  amount: number;
  currency: string;
  payment_status: "succeeded";
  new_balance: number;
}

type Env = Pick<Bindings, "DB" | "WEBHOOK_QUEUE" | "PAYMENT_GATEWAY">;

/**
 * Buy credits: charge the payment method, then apply the credit once,
 * atomically, with its ledger row and transaction (db/transactions.ts).
 * A decline or processor failure records a failed transaction and credits nothing.
 * On success a billing.payment_succeeded event is committed with the purchase
 * (transactional outbox) and sent to the webhook queue; for an organization,
 * so is its audit entry.
 */
export async function purchaseCredits(
  env: Env,
  principal: Principal,
  input: PurchaseInput,
  meta?: RequestMeta,
  now = Date.now(),
): Promise<PurchaseResult> {
  const account = await actingAccountRef(env, principal);
  const gateway = paymentGateway(env);
  const pm = await resolvePaymentMethod(env.DB, gateway, account.id, input.payment_method_id, now);
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
    idempotencyKey: null,
    gatewayReference: null,
    failureCode: null,
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
    idempotencyKey: txnId,
  });
  if (charge.status !== "succeeded") {
    await recordFailedPurchase(env.DB, {
      ...row,
      status: "failed",
      gatewayReference: charge.code,
      failureCode: charge.code,
    });
    throw chargeRefused(txnId, charge);
  }

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
  const { newBalance } = await recordCompletedPurchase(
    env.DB,
    { ...row, gatewayReference: charge.chargeId },
    entry,
    event,
    auditInBatch(env.DB, principal.organization?.id, principal, meta, {
      action: "billing.purchase",
      targetType: "billing_account",
      targetId: principal.organization?.id ?? account.id,
      after: { ...input, transaction_id: txnId, credits },
    }),
  );
  // The event is committed with the purchase (outbox); a queue outage only delays it.
  // The same payload as the outboxed row (whose new_balance was set in the batch), so an
  // immediate send and a swept re-send are identical.
  await publish(env, [{ ...event, data: { ...event.data, new_balance: newBalance } }], now);
  return { ...summary, new_balance: newBalance };
}
