import { type AccountRow, findAccount } from "../../db/billing-accounts";
import {
  findChargedTransaction,
  lateFeeFailureWrite,
  type ProcessorEvent,
  processorEventSeen,
  processorEventStatement,
  reversalWrite,
} from "../../db/reversals";
import type { TransactionRow } from "../../db/transactions";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { commitWrite } from "../unit-of-work";
import { eventIdFor, eventMessage } from "../webhooks/events";
import { publish } from "../webhooks/outbox";
import { CURRENCY, toMajorUnits } from "./catalogue";
import { wakeClock } from "./clock";
import { billingScale, dunningRetryAt } from "./period";
import { verifyStripeSignature, webhookSecrets } from "./stripe-signature";

export type EventOutcome = "applied" | "duplicate" | "ignored";

/** The Stripe event types that change something here; every other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = ["charge.refunded", "charge.dispute.created", "payment_intent.payment_failed"];

interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * Stripe's webhook (docs/decisions.md, "Billing cycle"): verify the signature,
 * then apply the event at most once. Stripe delivers at least once and retries
 * until it gets a 2xx, so a duplicate (an event id already handled) and an
 * event we do not act on both answer 200.
 */
export async function receiveStripeEvent(
  ctx: Context,
  input: { signature: string | undefined; body: string },
): Promise<{ event_id: string; type: string; outcome: EventOutcome }> {
  const { signature: signatureHeader, body } = input;
  const now = ctx.now();
  const secrets = webhookSecrets(ctx.config.secrets.stripeWebhookSecret);
  if (secrets.length === 0) {
    console.error(JSON.stringify({ msg: "STRIPE_WEBHOOK_SECRET is not set: Stripe events are refused" }));
    throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
  }
  const check = await verifyStripeSignature(signatureHeader, body, secrets, now);
  if (!check.ok) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", {
      details: { field: "Stripe-Signature", location: "header", reason: check.reason },
    });
  }
  const event = parseEvent(body);
  const processorEvent = { id: event.id, type: event.type, at: iso(now) };
  if (await processorEventSeen(ctx.db, event.id)) return { event_id: event.id, type: event.type, outcome: "duplicate" };
  let outcome: EventOutcome;
  try {
    outcome = await apply(ctx, event, processorEvent, now);
  } catch (err) {
    // A concurrent copy of this event committed first: its batch won the processor_events row.
    if (await processorEventSeen(ctx.db, event.id))
      return { event_id: event.id, type: event.type, outcome: "duplicate" };
    throw err;
  }
  return { event_id: event.id, type: event.type, outcome };
}

function parseEvent(body: string): StripeEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AppError("INVALID_REQUEST_BODY", { message: "The event is not JSON." });
  }
  const e = parsed as Partial<StripeEvent> | null;
  if (
    !e ||
    typeof e.id !== "string" ||
    !/^evt_\w{1,255}$/.test(e.id) ||
    typeof e.type !== "string" ||
    typeof e.data?.object !== "object" ||
    e.data.object === null
  ) {
    throw new AppError("INVALID_REQUEST_BODY", {
      message: "Not a Stripe event: id, type and data.object are required.",
    });
  }
  return e as StripeEvent;
}

/** Acknowledge an event we do not act on: remembered, so a redelivery is a duplicate. */
async function ignored(ctx: Context, pe: ProcessorEvent): Promise<EventOutcome> {
  await ctx.commit([processorEventStatement(ctx.db, pe)]);
  return "ignored";
}

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);

async function apply(ctx: Context, event: StripeEvent, pe: ProcessorEvent, now: number): Promise<EventOutcome> {
  const object = event.data.object;
  const ignore = () => ignored(ctx, pe);
  if (!HANDLED_EVENT_TYPES.includes(event.type)) return ignore();
  // Our charge reference is the PaymentIntent id (stripe-gateway.ts).
  const paymentIntent = event.type === "payment_intent.payment_failed" ? str(object.id) : str(object.payment_intent);
  const txn = paymentIntent ? await findChargedTransaction(ctx.db, paymentIntent) : undefined;
  const account = txn ? await findAccount(ctx.db, txn.accountId) : undefined;
  if (!txn || !account) return ignore();

  if (event.type === "payment_intent.payment_failed") {
    const error = (object.last_payment_error ?? {}) as { code?: unknown; decline_code?: unknown; message?: unknown };
    const code = str(error.decline_code) ?? str(error.code) ?? "payment_failed";
    if (txn.status !== "completed") return ignore();
    if (txn.type === "subscription_fee") return lateFeeFailure(ctx, account, txn, code, str(error.message), pe, now);
    return reverse(
      ctx,
      account,
      txn,
      { target: txn.credits, status: "failed", failureCode: code, cause: "payment_failed" },
      pe,
      now,
    );
  }
  if (event.type === "charge.refunded") {
    const refunded = int(object.amount_refunded) ?? 0;
    const full = object.refunded === true || refunded >= txn.amountCents;
    // A partial refund takes back the same share of the credits, rounded in the customer's favour.
    const target = full ? txn.credits : Math.floor((txn.credits * refunded) / Math.max(1, txn.amountCents));
    return reverse(
      ctx,
      account,
      txn,
      { target, status: full ? "refunded" : txn.status, failureCode: null, cause: "refund" },
      pe,
      now,
    );
  }
  // charge.dispute.created: the money is held by the card network; the credits are taken back at once.
  return reverse(
    ctx,
    account,
    txn,
    { target: txn.credits, status: "disputed", failureCode: null, cause: "dispute" },
    pe,
    now,
  );
}

async function reverse(
  ctx: Context,
  account: AccountRow,
  txn: TransactionRow,
  r: { target: number; status: TransactionRow["status"]; failureCode: string | null; cause: string },
  pe: ProcessorEvent,
  now: number,
): Promise<EventOutcome> {
  const at = iso(now);
  const event = eventMessage(
    "billing.payment_reversed",
    await eventIdFor("billing.payment_reversed", pe.id),
    account.ownerId,
    at,
    {
      account_id: account.id,
      transaction_id: txn.id,
      type: txn.type,
      reason: r.cause,
      amount: toMajorUnits(txn.amountCents),
      currency: CURRENCY,
      status: r.status,
    },
  );
  const applied = await commitWrite(
    ctx,
    reversalWrite(ctx.db, {
      processorEvent: pe,
      transaction: txn,
      target: r.target,
      status: r.status,
      failureCode: r.failureCode,
      entry: {
        ledgerId: newId("led", now),
        accountId: account.id,
        reason: "payment_reversal",
        referenceId: `${txn.id}:${pe.id}`,
        description: `Payment ${r.cause === "payment_failed" ? "failed" : r.cause === "refund" ? "refunded" : "disputed"}: credits of ${txn.id} taken back`,
        at,
      },
      event,
    }),
  );
  if (applied) await publish(ctx, [applied]);
  return "applied";
}

/**
 * A subscription fee that failed after the renewal it paid for (an
 * asynchronous failure): past_due, dunning from now (db/reversals.ts
 * lateFeeFailureWrite). A failure for a period that is no longer the current
 * one changes only the transaction's status.
 */
async function lateFeeFailure(
  ctx: Context,
  account: AccountRow,
  txn: TransactionRow,
  code: string,
  message: string | null,
  pe: ProcessorEvent,
  now: number,
): Promise<EventOutcome> {
  // The fee's key is sub_<account>_<the start of the period it paid for> (cycle.ts feeKey).
  const periodStart = txn.idempotencyKey?.slice(`sub_${account.id}_`.length) ?? "";
  const at = iso(now);
  const retryAt = iso(dunningRetryAt(now, 1, billingScale(ctx)));
  const event = eventMessage(
    "billing.payment_failed",
    await eventIdFor("billing.payment_failed", `late_${pe.id}`),
    account.ownerId,
    at,
    {
      account_id: account.id,
      transaction_id: txn.id,
      tier: account.tier,
      amount: toMajorUnits(txn.amountCents),
      currency: CURRENCY,
      decline_code: code,
      reason: message ?? "The payment failed after it was accepted.",
      attempt: 1,
      next_retry_at: retryAt,
      late: true,
    },
  );
  const applied = await commitWrite(
    ctx,
    lateFeeFailureWrite(ctx.db, {
      processorEvent: pe,
      transactionId: txn.id,
      accountId: account.id,
      periodStart,
      failureCode: code,
      now: at,
      retryAt,
      entry: {
        ledgerId: newId("led", now),
        accountId: account.id,
        reason: "payment_reversal",
        referenceId: `${txn.id}:${pe.id}`,
        description: "Fee failed after renewal: the unpaid period's included credits taken back",
        at,
      },
      event,
    }),
  );
  if (applied) {
    await publish(ctx, [event]);
    await wakeClock(ctx, { accountId: account.id });
  }
  return "applied";
}
