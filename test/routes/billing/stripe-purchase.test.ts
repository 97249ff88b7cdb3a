import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { stripeCalls, stripeEnv } from "../../support/billing";
import { PASSWORD, registerUser } from "../../support/factories";
import { failingD1 } from "../../support/faults";
import { apiWithEnv, expectErrorEnvelope } from "../../support/http";

/** Purchases with PAYMENT_GATEWAY=stripe, against the Stripe stand-in (test/node/stripe-stub.ts). */
describe("POST /v1/billing/credits/purchase through Stripe", () => {
  it("a Stripe PaymentMethod id pays straight from the spec's request shape, and is saved for renewals", async () => {
    const stripe = stripeEnv();
    const u = await registerUser();
    const res = await apiWithEnv(stripe, "POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ credits_purchased: 100, new_balance: 200, payment_status: "succeeded" });
    const txn = await env.DB.prepare("SELECT gateway_reference FROM transactions WHERE id = ?")
      .bind(res.body.data.transaction_id)
      .first<{ gateway_reference: string }>();
    expect(txn?.gateway_reference).toMatch(/^pi_/);
    const saved = await apiWithEnv(stripe, "GET", "/v1/billing/payment-methods", { token: u.token });
    expect(saved.body.data.payment_methods ?? saved.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ brand: "visa", last_four: "4242" })]),
    );
    const intents = (await stripeCalls(stripe.STRIPE_SECRET_KEY)).filter((c) => c.path === "/v1/payment_intents");
    expect(intents).toHaveLength(1);
    expect(intents[0]!.form).toMatchObject({ amount: "1000", currency: "usd", confirm: "true", off_session: "true" });
  });

  it("a decline is 402 with our decline code", async () => {
    const u = await registerUser();
    const err = expectErrorEnvelope(
      await apiWithEnv(stripeEnv(), "POST", "/v1/billing/credits/purchase", {
        token: u.token,
        body: { credit_package: "starter", payment_method_id: "pm_card_chargeDeclinedInsufficientFunds" },
      }),
      402,
      "PAYMENT_DECLINED",
    );
    expect(err.details.decline_code).toBe("insufficient_funds");
  });

  it("card numbers are refused with Stripe (422): a client sends a PaymentMethod id", async () => {
    const u = await registerUser();
    const err = expectErrorEnvelope(
      await apiWithEnv(stripeEnv(), "POST", "/v1/billing/payment-methods", {
        token: u.token,
        body: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
      }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe("number");
  });

  it("D1 failing after Stripe charged: the retry sends Stripe the same Idempotency-Key and gets the first PaymentIntent back", async () => {
    const stripe = stripeEnv();
    const u = await registerUser();
    const request = {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: "pm_card_visa" },
      headers: { "Idempotency-Key": `stripe-${crypto.randomUUID()}` },
    };
    const failing = failingD1(env.DB, { match: /INSERT INTO event_outbox/i });
    expectErrorEnvelope(
      await apiWithEnv({ ...stripe, DB: failing.db }, "POST", "/v1/billing/credits/purchase", request),
      500,
      "DATABASE_ERROR",
    );
    const retry = await apiWithEnv(stripe, "POST", "/v1/billing/credits/purchase", request);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data.new_balance).toBe(200);
    const intents = (await stripeCalls(stripe.STRIPE_SECRET_KEY)).filter((c) => c.path === "/v1/payment_intents");
    expect(intents.map((c) => c.replayed)).toEqual([false, true]);
    expect(intents[1]!.idempotencyKey).toBe(intents[0]!.idempotencyKey);
  });

  it("production with the test gateway refuses to serve: 503 on every request, nothing credited", async () => {
    const u = await registerUser();
    const production = { ENVIRONMENT: "production", PAYMENT_GATEWAY: "test" };
    const purchase = await apiWithEnv(production, "POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "enterprise", payment_method_id: "pm_card_visa" },
    });
    expectErrorEnvelope(purchase, 503, "SERVICE_UNAVAILABLE");
    const signup = await apiWithEnv(production, "POST", "/v1/auth/register", {
      body: { email: `trial-${u.id}@example.com`, username: "trial", password: PASSWORD, tier: "enterprise" },
    });
    expectErrorEnvelope(signup, 503, "SERVICE_UNAVAILABLE");
    expect((await apiWithEnv(production, "GET", "/v1/users/me", { token: u.token })).status).toBe(503);
    const row = await env.DB.prepare("SELECT balance FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?")
      .bind(u.id)
      .first<{ balance: number }>();
    expect(row?.balance).toBe(100);
  });
});
