import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { StubCall } from "../support/stripe-stub-types";

/**
 * A stand-in for Stripe's API on 127.0.0.1: the third-party server the Stripe
 * adapter (src/domain/billing/stripe-gateway.ts) talks to in tests. It speaks
 * Stripe's wire format — form-encoded requests, `Authorization: Bearer sk_test_…`,
 * `Idempotency-Key` replays (`Idempotent-Replayed: true`, 400 idempotency_error
 * on a reused key with other parameters), JSON objects and `{error:{type, code,
 * decline_code, message}}` bodies shaped after Stripe's OpenAPI description —
 * for the few endpoints the adapter uses:
 *   GET  /v1/payment_methods/:id (expand[]=customer)
 *   POST /v1/customers (payment_method, invoice_settings[default_payment_method], metadata[…])
 *   POST /v1/payment_intents (amount, currency, customer, payment_method, confirm, off_session, …)
 *   DELETE /v1/customers/:id
 * Each secret key is its own Stripe account (tests use a fresh `sk_test_…`), so
 * tests never see each other's objects. Behaviour of Stripe's documented test
 * PaymentMethods: https://docs.stripe.com/testing#declined-payments.
 * Control (not Stripe): POST /__stub/outage?key=sk&count=n makes the account's
 * next n API calls fail with 500; GET /__stub/log?key=sk lists its API calls.
 */
type Outcome =
  | "succeeds"
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "processing_error"
  | "authentication_required";

const TEST_METHODS: Record<string, { brand: string; last4: string; outcome: Outcome }> = {
  pm_card_visa: { brand: "visa", last4: "4242", outcome: "succeeds" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", outcome: "succeeds" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", outcome: "card_declined" },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", outcome: "insufficient_funds" },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", outcome: "expired_card" },
  pm_card_chargeDeclinedProcessingError: { brand: "visa", last4: "0119", outcome: "processing_error" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3155", outcome: "authentication_required" },
};

const DECLINES: Record<Exclude<Outcome, "succeeds">, { code: string; decline_code?: string; message: string }> = {
  card_declined: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  expired_card: { code: "expired_card", message: "Your card has expired." },
  processing_error: { code: "processing_error", message: "An error occurred while processing your card." },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
};

interface StubPaymentMethod {
  id: string;
  customer: string | null;
  brand: string;
  last4: string;
  outcome: Outcome;
}

interface StubAccount {
  customers: Map<string, { id: string; metadata: Record<string, string>; defaultPaymentMethod: string | null }>;
  paymentMethods: Map<string, StubPaymentMethod>;
  idempotency: Map<string, { hash: string; status: number; body: unknown }>;
  outage: number;
  log: StubCall[];
}

export interface StripeStub {
  url: string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, error: Record<string, unknown>) {
  return { status, body: { error } };
}

const noSuchPaymentMethod = (status: number, pmId: string | undefined) =>
  stripeError(status, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "payment_method",
    message: `No such PaymentMethod: '${pmId}'`,
  });

function paymentMethodObject(pm: StubPaymentMethod, customer: unknown) {
  return {
    id: pm.id,
    object: "payment_method",
    type: "card",
    created: now(),
    customer,
    livemode: false,
    metadata: {},
    billing_details: { address: null, email: null, name: null, phone: null },
    card: {
      brand: pm.brand,
      display_brand: pm.brand,
      country: "US",
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      funding: "credit",
      last4: pm.last4,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
    },
  };
}

function customerObject(c: { id: string; metadata: Record<string, string>; defaultPaymentMethod: string | null }) {
  return {
    id: c.id,
    object: "customer",
    created: now(),
    livemode: false,
    email: null,
    metadata: c.metadata,
    invoice_settings: { default_payment_method: c.defaultPaymentMethod, custom_fields: null, footer: null },
  };
}

function paymentIntentObject(form: Record<string, string>, status: string, lastError: unknown) {
  return {
    id: id("pi"),
    object: "payment_intent",
    amount: Number(form.amount),
    amount_received: status === "succeeded" ? Number(form.amount) : 0,
    currency: form.currency,
    customer: form.customer,
    payment_method: form.payment_method,
    description: form.description ?? null,
    metadata: metadataOf(form),
    capture_method: "automatic",
    confirmation_method: "automatic",
    created: now(),
    livemode: false,
    latest_charge: status === "succeeded" ? id("ch") : null,
    last_payment_error: lastError,
    status,
  };
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m?.[1]) out[m[1]] = v;
  }
  return out;
}

function handle(
  account: StubAccount,
  method: string,
  path: string,
  form: Record<string, string>,
): { status: number; body: unknown } {
  const pmPath = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
  if (method === "GET" && pmPath?.[1]) {
    const pmId = decodeURIComponent(pmPath[1]);
    const known = TEST_METHODS[pmId];
    const pm = account.paymentMethods.get(pmId) ?? (known ? { id: pmId, customer: null, ...known } : undefined);
    if (!pm) return noSuchPaymentMethod(404, pmId);
    const customer = pm.customer ? account.customers.get(pm.customer) : undefined;
    const expanded = form["expand[]"] === "customer";
    return {
      status: 200,
      body: paymentMethodObject(pm, customer ? (expanded ? customerObject(customer) : customer.id) : null),
    };
  }
  if (method === "POST" && path === "/v1/customers") {
    const customer = { id: id("cus"), metadata: metadataOf(form), defaultPaymentMethod: null as string | null };
    if (form.payment_method) {
      const source = TEST_METHODS[form.payment_method] ?? account.paymentMethods.get(form.payment_method);
      if (!source || ("customer" in source && source.customer)) return noSuchPaymentMethod(400, form.payment_method);
      // Like Stripe, a test PaymentMethod id attaches as a new PaymentMethod of its own.
      const attached = {
        id: id("pm"),
        customer: customer.id,
        brand: source.brand,
        last4: source.last4,
        outcome: source.outcome,
      };
      account.paymentMethods.set(attached.id, attached);
      if (form["invoice_settings[default_payment_method]"] === form.payment_method)
        customer.defaultPaymentMethod = attached.id;
    }
    account.customers.set(customer.id, customer);
    return { status: 200, body: customerObject(customer) };
  }
  const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
  if (method === "DELETE" && customerPath?.[1]) {
    // Stripe deletes the customer and detaches its PaymentMethods; an unknown one is 404 resource_missing.
    const customerId = decodeURIComponent(customerPath[1]);
    if (!account.customers.delete(customerId))
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such customer: '${customerId}'`,
      });
    for (const pm of account.paymentMethods.values()) if (pm.customer === customerId) pm.customer = null;
    return { status: 200, body: { id: customerId, object: "customer", deleted: true } };
  }
  if (method === "POST" && path === "/v1/payment_intents") {
    for (const param of ["amount", "currency"])
      if (!form[param])
        return stripeError(400, {
          type: "invalid_request_error",
          code: "parameter_missing",
          param,
          message: `Missing required param: ${param}.`,
        });
    if (!/^\d+$/.test(form.amount ?? "") || Number(form.amount) < 50)
      return stripeError(400, {
        type: "invalid_request_error",
        code: "amount_too_small",
        param: "amount",
        message: "Amount must be at least $0.50 usd",
      });
    const pm = account.paymentMethods.get(form.payment_method ?? "");
    if (!pm || pm.customer !== form.customer) return noSuchPaymentMethod(400, form.payment_method);
    if (form.confirm !== "true") return { status: 200, body: paymentIntentObject(form, "requires_confirmation", null) };
    if (pm.outcome === "succeeds") return { status: 200, body: paymentIntentObject(form, "succeeded", null) };
    const decline = DECLINES[pm.outcome];
    const lastError = { type: "card_error", ...decline, payment_method: { id: pm.id, object: "payment_method" } };
    const intent = paymentIntentObject(form, "requires_payment_method", lastError);
    return stripeError(402, {
      ...lastError,
      charge: id("ch"),
      payment_intent: intent,
      doc_url: "https://stripe.com/docs/error-codes",
    });
  }
  return stripeError(404, {
    type: "invalid_request_error",
    message: `Unrecognized request URL (${method}: ${path}).`,
  });
}

export async function startStripeStub(): Promise<StripeStub> {
  const accounts = new Map<string, StubAccount>();
  const accountOf = (key: string): StubAccount => {
    let a = accounts.get(key);
    if (!a) {
      a = { customers: new Map(), paymentMethods: new Map(), idempotency: new Map(), outage: 0, log: [] };
      accounts.set(key, a);
    }
    return a;
  };
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req"), ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";

    if (url.pathname === "/__stub/outage") {
      accountOf(url.searchParams.get("key") ?? "").outage = Number(url.searchParams.get("count") ?? 1);
      return send(res, 200, { ok: true });
    }
    if (url.pathname === "/__stub/log") return send(res, 200, accountOf(url.searchParams.get("key") ?? "").log);

    const auth = /^Bearer (sk_test_\w+)$/.exec(req.headers.authorization ?? "");
    if (!auth?.[1])
      return send(res, 401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided." },
      });
    const account = accountOf(auth[1]);
    const form = Object.fromEntries(new URLSearchParams(method === "GET" ? url.search : raw));
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const call: StubCall = {
      method,
      path: url.pathname,
      idempotencyKey: key,
      contentType: req.headers["content-type"] ?? null,
      authorization: req.headers.authorization ?? null,
      form,
      status: 0,
      replayed: false,
    };
    account.log.push(call);

    if (account.outage > 0) {
      account.outage -= 1;
      call.status = 500;
      return send(res, 500, { error: { type: "api_error", message: "An unknown error occurred." } });
    }
    if (method === "POST" && key) {
      const hash = createHash("sha256").update(`${url.pathname}\n${raw}`).digest("hex");
      const saved = account.idempotency.get(key);
      if (saved && saved.hash !== hash) {
        call.status = 400;
        return send(res, 400, {
          error: {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      if (saved) {
        call.status = saved.status;
        call.replayed = true;
        return send(res, saved.status, saved.body, { "idempotent-replayed": "true", "idempotency-key": key });
      }
      const out = handle(account, method, url.pathname, form);
      account.idempotency.set(key, { hash, ...out });
      call.status = out.status;
      return send(res, out.status, out.body, { "idempotency-key": key });
    }
    const out = handle(account, method, url.pathname, form);
    call.status = out.status;
    return send(res, out.status, out.body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("stripe stub did not bind");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
