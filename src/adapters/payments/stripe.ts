import type { AttachResult, ChargeResult, ForgetResult, PaymentGateway } from "../../domain/billing/ports";

/**
 * The Stripe adapter (`PAYMENT_GATEWAY=stripe`): Stripe's REST API over
 * `fetch` — form-encoded requests, `Authorization: Bearer <STRIPE_SECRET_KEY>`,
 * an `Idempotency-Key` on every request that creates something
 * (https://docs.stripe.com/api/idempotent_requests).
 *
 * - A payment method is a Stripe PaymentMethod created client-side (Stripe.js,
 *   or a test id such as `pm_card_visa`). Attaching it creates a Customer for
 *   it (metadata.account_id = our account) with it as the default; our token
 *   is `<customer>/<payment method>`. Raw card numbers are never sent to Stripe
 *   (that needs PCI SAQ D and Stripe's raw card data access), so tokenizeCard refuses.
 * - A charge is a PaymentIntent created with `confirm=true, off_session=true`
 *   on that customer and payment method, so renewals charge without the
 *   customer present. Our charge id is the PaymentIntent's id: the webhook
 *   events (charge.refunded, charge.dispute.created, payment_intent.payment_failed)
 *   all name it.
 * - Stripe's errors become our outcomes: a card_error is a decline (or, for
 *   processing_error, a retryable failure); a 429, a 5xx, a timeout or a network
 *   error is a retryable failure (the idempotency key makes the retry safe).
 */
const DEFAULT_API_BASE = "https://api.stripe.com";
const TIMEOUT_MS = 15_000;

/** Stripe's decline and error codes → ours (docs/decisions.md, "Billing cycle"). */
const DECLINE_CODES: Record<string, string> = {
  insufficient_funds: "insufficient_funds",
  expired_card: "expired_card",
  authentication_required: "authentication_required",
  incorrect_cvc: "incorrect_cvc",
  lost_card: "card_declined",
  stolen_card: "card_declined",
  card_declined: "card_declined",
  generic_decline: "card_declined",
  do_not_honor: "card_declined",
};
const RETRYABLE_CODES = new Set(["processing_error", "try_again_later", "issuer_not_available"]);

type Form = Record<string, string | number | boolean>;

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

interface StripeResponse {
  status: number;
  body: Record<string, unknown> & { error?: StripeError };
}

/** The Stripe gateway for `secretKey` at `apiBase` (tests point it at a local stand-in). */
export function stripeGateway(options: { secretKey: string; apiBase: string }): PaymentGateway {
  const secret = options.secretKey;
  const base = (options.apiBase || DEFAULT_API_BASE).replace(/\/$/, "");

  async function call(
    method: "GET" | "POST" | "DELETE",
    path: string,
    form: Form,
    idempotencyKey?: string,
  ): Promise<StripeResponse | { status: 0; error: string }> {
    const body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    const headers: Record<string, string> = { Authorization: `Bearer ${secret}` };
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    const init: RequestInit = { method, headers, signal: AbortSignal.timeout(TIMEOUT_MS) };
    let url = `${base}${path}`;
    if (method === "POST") {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = body;
    } else if (body) {
      url += `?${body}`;
    }
    try {
      const res = await fetch(url, init);
      const json = (await res.json().catch(() => ({}))) as StripeResponse["body"];
      return { status: res.status, body: json };
    } catch (err) {
      return { status: 0, error: String(err) };
    }
  }

  const logFailure = (what: string, res: StripeResponse | { status: 0; error: string }) =>
    console.error(
      JSON.stringify({
        msg: `stripe ${what} failed`,
        status: res.status,
        error: "body" in res ? { type: res.body.error?.type, code: res.body.error?.code } : res.error,
      }),
    );

  return {
    name: "stripe",

    async tokenizeCard() {
      return {
        ok: false,
        reason: "card numbers are not accepted with Stripe: pass a Stripe PaymentMethod id (pm_…) as payment_method_id",
      };
    },

    async attachPaymentMethod(id, accountId): Promise<AttachResult> {
      const found = await call("GET", `/v1/payment_methods/${encodeURIComponent(id)}`, { "expand[]": "customer" });
      if (!("body" in found) || found.status !== 200) {
        if (found.status !== 404) logFailure("payment method lookup", found);
        return { ok: false, reason: "unknown payment method" };
      }
      const pm = found.body as { id: string; type?: string; customer?: unknown; card?: Record<string, unknown> };
      if (pm.type !== "card" || !pm.card) return { ok: false, reason: "not a card payment method" };
      let customerId: string;
      let pmId = pm.id;
      if (pm.customer && typeof pm.customer === "object") {
        // Already attached: only to a customer of this account (another account's is "not found").
        const customer = pm.customer as { id: string; metadata?: Record<string, string> };
        if (customer.metadata?.account_id !== accountId) return { ok: false, reason: "unknown payment method" };
        customerId = customer.id;
      } else {
        const created = await call(
          "POST",
          "/v1/customers",
          {
            payment_method: id,
            "invoice_settings[default_payment_method]": id,
            "metadata[account_id]": accountId,
          },
          `cus_${accountId}_${id}`,
        );
        if (!("body" in created) || created.status !== 200) {
          logFailure("customer creation", created);
          return { ok: false, reason: "the payment method could not be attached" };
        }
        const customer = created.body as { id: string; invoice_settings?: { default_payment_method?: string } };
        customerId = customer.id;
        // A test id (pm_card_visa) attaches as a fresh PaymentMethod: the customer's default names it.
        pmId = customer.invoice_settings?.default_payment_method ?? pm.id;
      }
      const card = pm.card as { brand?: string; last4?: string; exp_month?: number; exp_year?: number };
      return {
        ok: true,
        token: `${customerId}/${pmId}`,
        brand: card.brand ?? "unknown",
        lastFour: card.last4 ?? "0000",
        expMonth: card.exp_month ?? 12,
        expYear: card.exp_year ?? 2099,
      };
    },

    async charge(request): Promise<ChargeResult> {
      const [customer, paymentMethod] = request.token.split("/");
      if (!customer?.startsWith("cus_") || !paymentMethod?.startsWith("pm_"))
        return { status: "declined", code: "invalid_token", message: "The payment method is not a Stripe one." };
      const res = await call(
        "POST",
        "/v1/payment_intents",
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          confirm: true,
          off_session: true,
          description: request.description,
          "metadata[idempotency_key]": request.idempotencyKey,
        },
        request.idempotencyKey,
      );
      return chargeOutcome(res, logFailure);
    },

    async forgetCustomer(request): Promise<ForgetResult> {
      // Deleting a customer detaches its PaymentMethods (Stripe API: "Delete a customer"); a
      // customer already deleted answers 404 resource_missing, which is the outcome wanted.
      const customers = [...new Set(request.tokens.map((t) => t.split("/")[0] ?? ""))].filter((c) =>
        c.startsWith("cus_"),
      );
      for (const customer of customers) {
        const res = await call("DELETE", `/v1/customers/${encodeURIComponent(customer)}`, {});
        if ("body" in res && (res.status === 200 || res.status === 404)) continue;
        logFailure("customer deletion", res);
        return { ok: false, reason: `customer deletion answered ${res.status}` };
      }
      return { ok: true };
    },
  };
}

function chargeOutcome(
  res: StripeResponse | { status: 0; error: string },
  logFailure: (what: string, res: StripeResponse | { status: 0; error: string }) => void,
): ChargeResult {
  const unavailable = (): ChargeResult => {
    logFailure("charge", res);
    return {
      status: "failed",
      code: "processor_unavailable",
      message: "The payment processor did not answer; try again.",
    };
  };
  if (!("body" in res)) return unavailable();
  if (res.status === 200) {
    const pi = res.body as { id: string; status?: string; last_payment_error?: StripeError | null };
    // `processing` settles later: a failure arrives as payment_intent.payment_failed (stripe-events.ts).
    if (pi.status === "succeeded" || pi.status === "processing") return { status: "succeeded", chargeId: pi.id };
    // Off-session, a charge needing the customer (3-D Secure) cannot complete.
    if (pi.status === "requires_action")
      return { status: "declined", code: "authentication_required", message: "The card needs the customer present." };
    return declined(pi.last_payment_error ?? {});
  }
  const error = res.body.error ?? {};
  if (res.status === 402 || error.type === "card_error") {
    if (RETRYABLE_CODES.has(error.code ?? "") || RETRYABLE_CODES.has(error.decline_code ?? ""))
      return { status: "failed", code: "processing_error", message: error.message ?? "The processor failed; retry." };
    return declined(error);
  }
  if (res.status === 404 || error.code === "resource_missing")
    return { status: "declined", code: "invalid_token", message: "The payment method no longer exists at Stripe." };
  return unavailable();
}

function declined(error: StripeError): ChargeResult {
  const code = DECLINE_CODES[error.decline_code ?? ""] ?? DECLINE_CODES[error.code ?? ""] ?? "card_declined";
  return { status: "declined", code, message: error.message ?? "The card was declined." };
}
