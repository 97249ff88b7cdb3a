import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../src/bindings";
import { paymentGateway } from "../../../src/domain/billing/gateway";
import { AppError } from "../../../src/errors";
import { statusOf } from "../../../src/http/error-status";
import { stripeCalls, stripeEnv, stripeOutage } from "../../support/billing";
import { testContextWith } from "../../support/context";

/** The Stripe adapter against the Stripe stand-in on 127.0.0.1 (test/node/stripe-stub.ts). */
function stripe() {
  const env = { ...stripeEnv(), ENVIRONMENT: "development" } as Partial<Bindings> & { STRIPE_SECRET_KEY: string };
  return { env, gateway: paymentGateway(testContextWith(env)), key: env.STRIPE_SECRET_KEY };
}

async function attached(pm = "pm_card_visa", account = "acct_1") {
  const s = stripe();
  const result = await s.gateway.attachPaymentMethod(pm, account);
  if (!result.ok) throw new Error(result.reason);
  return { ...s, token: result.token, result };
}

const chargeOf = (token: string, idempotencyKey = `k_${crypto.randomUUID()}`) => ({
  token,
  amountCents: 4900,
  currency: "USD",
  description: "Professional plan",
  idempotencyKey,
});

describe("Stripe adapter: payment methods", () => {
  it("attaching a PaymentMethod creates a customer for our account with it as the default", async () => {
    const { key, token, result } = await attached("pm_card_visa", "acct_42");
    expect(result).toMatchObject({ brand: "visa", lastFour: "4242", expMonth: 12 });
    expect(token).toMatch(/^cus_\w+\/pm_\w+$/);
    expect(token).not.toContain("pm_card_visa");
    const calls = await stripeCalls(key);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /v1/payment_methods/pm_card_visa",
      "POST /v1/customers",
    ]);
    expect(calls[0]!.form).toEqual({ "expand[]": "customer" });
    expect(calls[1]).toMatchObject({
      authorization: `Bearer ${key}`,
      contentType: "application/x-www-form-urlencoded",
      idempotencyKey: "cus_acct_42_pm_card_visa",
      form: {
        payment_method: "pm_card_visa",
        "invoice_settings[default_payment_method]": "pm_card_visa",
        "metadata[account_id]": "acct_42",
      },
    });
  });

  it("a PaymentMethod already attached is reused for its own account and refused for another", async () => {
    const { gateway, token } = await attached("pm_card_visa", "acct_own");
    const pmId = token.split("/")[1]!;
    const again = await gateway.attachPaymentMethod(pmId, "acct_own");
    expect(again).toMatchObject({ ok: true, token });
    expect(await gateway.attachPaymentMethod(pmId, "acct_other")).toMatchObject({ ok: false });
  });

  it("an unknown PaymentMethod is refused", async () => {
    const { gateway } = stripe();
    expect(await gateway.attachPaymentMethod("pm_does_not_exist", "acct_1")).toMatchObject({ ok: false });
  });

  it("raw card numbers are never sent to Stripe", async () => {
    const { gateway, key } = stripe();
    const result = await gateway.tokenizeCard({ number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "1" });
    expect(result.ok).toBe(false);
    expect(await stripeCalls(key)).toEqual([]);
  });
});

describe("Stripe adapter: charges", () => {
  it("a charge is a PaymentIntent confirmed off-session with our idempotency key", async () => {
    const { gateway, key, token } = await attached();
    const [customer, pm] = token.split("/");
    const result = await gateway.charge(chargeOf(token, "sub_acct_1_2026-12-01_1"));
    expect(result).toMatchObject({ status: "succeeded" });
    expect((result as { chargeId: string }).chargeId).toMatch(/^pi_/);
    const call = (await stripeCalls(key)).at(-1)!;
    expect(call).toMatchObject({
      method: "POST",
      path: "/v1/payment_intents",
      idempotencyKey: "sub_acct_1_2026-12-01_1",
      status: 200,
      form: {
        amount: "4900",
        currency: "usd",
        customer,
        payment_method: pm,
        confirm: "true",
        off_session: "true",
        "metadata[idempotency_key]": "sub_acct_1_2026-12-01_1",
      },
    });
  });

  it("the same idempotency key returns the first PaymentIntent instead of charging again", async () => {
    const { gateway, key, token } = await attached();
    const first = await gateway.charge(chargeOf(token, "same-key"));
    const second = await gateway.charge(chargeOf(token, "same-key"));
    expect(second).toEqual(first);
    const charges = (await stripeCalls(key)).filter((c) => c.path === "/v1/payment_intents");
    expect(charges.map((c) => c.replayed)).toEqual([false, true]);
  });

  it.each([
    ["pm_card_chargeDeclined", "declined", "card_declined"],
    ["pm_card_chargeDeclinedInsufficientFunds", "declined", "insufficient_funds"],
    ["pm_card_chargeDeclinedExpiredCard", "declined", "expired_card"],
    ["pm_card_authenticationRequired", "declined", "authentication_required"],
    ["pm_card_chargeDeclinedProcessingError", "failed", "processing_error"],
  ])("%s → %s %s", async (pm, status, code) => {
    const { gateway, token } = await attached(pm);
    expect(await gateway.charge(chargeOf(token))).toMatchObject({ status, code });
  });

  it("a Stripe outage is a retryable failure, and the retry with the same key charges once", async () => {
    const { gateway, key, token } = await attached();
    await stripeOutage(key, 1);
    expect(await gateway.charge(chargeOf(token, "retry-me"))).toMatchObject({
      status: "failed",
      code: "processor_unavailable",
    });
    expect(await gateway.charge(chargeOf(token, "retry-me"))).toMatchObject({ status: "succeeded" });
    const charges = (await stripeCalls(key)).filter((c) => c.path === "/v1/payment_intents");
    expect(charges.map((c) => c.status)).toEqual([500, 200]);
  });

  it("an unreachable API is a retryable failure", async () => {
    const { token } = await attached();
    const gateway = paymentGateway(
      testContextWith({ ...stripeEnv(), ENVIRONMENT: "development", STRIPE_API_BASE: "http://127.0.0.1:9" }),
    );
    expect(await gateway.charge(chargeOf(token))).toMatchObject({ status: "failed", code: "processor_unavailable" });
  });

  it("a token that is not a Stripe one is declined without calling Stripe", async () => {
    const { gateway, key } = stripe();
    expect(await gateway.charge(chargeOf("tok_test_succeeds_x"))).toMatchObject({
      status: "declined",
      code: "invalid_token",
    });
    expect(await stripeCalls(key)).toEqual([]);
  });
});

describe("choosing the gateway", () => {
  const unavailable = (env: Partial<Bindings>) => {
    try {
      paymentGateway(testContextWith({ ENVIRONMENT: "development", PAYMENT_GATEWAY: "test", ...env }));
    } catch (err) {
      return err instanceof AppError ? [err.code, statusOf(err)] : err;
    }
    return "available";
  };

  it("production never charges through the test gateway", () => {
    expect(unavailable({ ENVIRONMENT: "production", PAYMENT_GATEWAY: "test" })).toEqual([
      "PAYMENT_PROVIDER_UNAVAILABLE",
      503,
    ]);
    expect(unavailable({ ENVIRONMENT: "staging", PAYMENT_GATEWAY: "test" })).toBe("available");
  });

  it("stripe without its secret key, or an unknown gateway, is unavailable", () => {
    expect(unavailable({ PAYMENT_GATEWAY: "stripe" })).toEqual(["PAYMENT_PROVIDER_UNAVAILABLE", 503]);
    expect(unavailable({ PAYMENT_GATEWAY: "adyen" })).toEqual(["PAYMENT_PROVIDER_UNAVAILABLE", 503]);
    expect(unavailable({ ENVIRONMENT: "production", PAYMENT_GATEWAY: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toBe(
      "available",
    );
  });
});

describe("Stripe adapter: a deleted account's customer", () => {
  it("is deleted once per customer; one already gone counts as deleted; an outage is reported for a retry", async () => {
    const { gateway, key, token } = await attached("pm_card_visa", "acct_gone");
    const customer = token.split("/")[0]!;
    await stripeOutage(key, 1);
    expect(await gateway.forgetCustomer({ accountId: "acct_gone", tokens: [token, token] })).toMatchObject({
      ok: false,
    });
    expect(await gateway.forgetCustomer({ accountId: "acct_gone", tokens: [token, token] })).toEqual({ ok: true });
    // Repeated after success: Stripe's 404 resource_missing is the outcome wanted.
    expect(await gateway.forgetCustomer({ accountId: "acct_gone", tokens: [token] })).toEqual({ ok: true });
    const deletions = (await stripeCalls(key)).filter((c) => c.method === "DELETE");
    expect(deletions.map((c) => `${c.path} ${c.status}`)).toEqual([
      `/v1/customers/${customer} 500`,
      `/v1/customers/${customer} 200`,
      `/v1/customers/${customer} 404`,
    ]);
  });
});
