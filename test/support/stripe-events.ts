import { env } from "cloudflare:workers";
import { stripeSignature } from "../../src/domain/billing/stripe-signature";
import { apiWithEnv } from "./http";

/**
 * Stripe webhook events as Stripe sends them (an `event` object wrapping
 * `data.object`; shapes after Stripe's OpenAPI description), signed like
 * Stripe signs them (`Stripe-Signature: t=…,v1=…`).
 */
export const WEBHOOK_SECRET = "whsec_test_billing_webhook_secret_0001";

export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${crypto.randomUUID().replace(/-/g, "")}`,
) {
  return {
    id,
    object: "event",
    api_version: "2024-06-20",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** A charge object after a refund (`charge.refunded`). */
export const refundedCharge = (paymentIntent: string, amount: number, amountRefunded = amount) => ({
  id: `ch_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
  object: "charge",
  amount,
  amount_captured: amount,
  amount_refunded: amountRefunded,
  captured: true,
  currency: "usd",
  paid: true,
  payment_intent: paymentIntent,
  refunded: amountRefunded >= amount,
  status: "succeeded",
});

/** A dispute object (`charge.dispute.created`). */
export const dispute = (paymentIntent: string, amount: number) => ({
  id: `dp_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
  object: "dispute",
  amount,
  charge: `ch_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
  currency: "usd",
  payment_intent: paymentIntent,
  reason: "fraudulent",
  status: "needs_response",
  is_charge_refundable: false,
});

/** A PaymentIntent that failed after it was accepted (`payment_intent.payment_failed`). */
export const failedIntent = (paymentIntent: string, amount: number, declineCode = "insufficient_funds") => ({
  id: paymentIntent,
  object: "payment_intent",
  amount,
  currency: "usd",
  status: "requires_payment_method",
  last_payment_error: {
    type: "card_error",
    code: "card_declined",
    decline_code: declineCode,
    message: "Your card has insufficient funds.",
  },
});

export async function signatureHeader(body: string, secret = WEBHOOK_SECRET, t = Math.floor(Date.now() / 1000)) {
  return `t=${t},v1=${await stripeSignature(secret, t, body)}`;
}

/** POST a raw body to the Stripe webhook with the given Stripe-Signature (signed with WEBHOOK_SECRET by default). */
export async function deliver(
  event: unknown,
  opts: { header?: string | null; secret?: string; overrides?: Record<string, unknown> } = {},
) {
  const body = typeof event === "string" ? event : JSON.stringify(event);
  const header = opts.header === undefined ? await signatureHeader(body) : opts.header;
  return apiWithEnv(
    { STRIPE_WEBHOOK_SECRET: opts.secret ?? WEBHOOK_SECRET, ...opts.overrides },
    "POST",
    "/v1/billing/stripe/webhook",
    {
      raw: body,
      headers: { "content-type": "application/json", ...(header === null ? {} : { "Stripe-Signature": header }) },
    },
  );
}

/** The gateway reference (our charge id at the processor) of a transaction. */
export async function gatewayReference(transactionId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT gateway_reference FROM transactions WHERE id = ?")
    .bind(transactionId)
    .first<{ gateway_reference: string }>();
  if (!row) throw new Error(`no transaction ${transactionId}`);
  return row.gateway_reference;
}
