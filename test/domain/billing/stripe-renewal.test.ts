import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runBillingCycle } from "../../../src/domain/billing/cycle";
import { accountIdOf, accountRow, endPeriodNow, stripeCalls, stripeEnv } from "../../support/billing";
import { testContextWith } from "../../support/context";
import { registerUser } from "../../support/factories";
import { apiWithEnv } from "../../support/http";

/** Renewals charging a Stripe payment method (the billing cycle with PAYMENT_GATEWAY=stripe, against the stand-in). */
async function professionalOnStripe(pm: string) {
  const stripe = stripeEnv();
  const u = await registerUser({ tier: "professional" });
  const acct = await accountIdOf(u.id);
  // The first use of a Stripe PaymentMethod saves it; the holder makes it the default (a declined
  // card is not made the default by its first use: docs/decisions.md "Console: the first hour").
  await apiWithEnv(stripe, "POST", "/v1/billing/credits/purchase", {
    token: u.token,
    body: { credit_package: "starter", payment_method_id: pm },
  });
  const saved = await apiWithEnv(stripe, "GET", "/v1/billing/payment-methods", { token: u.token });
  const [card] = saved.body.data.payment_methods;
  const made = await apiWithEnv(stripe, "POST", `/v1/billing/payment-methods/${card.id}/default`, { token: u.token });
  expect(made.status).toBe(200);
  await endPeriodNow(acct);
  return { stripe, acct, cycleEnv: testContextWith(stripe) };
}

describe("renewal through Stripe", () => {
  it("the trial's end charges the fee as an off-session PaymentIntent keyed per (account, period, attempt); a rerun charges nothing", async () => {
    const { stripe, acct, cycleEnv } = await professionalOnStripe("pm_card_visa");
    const period = (await accountRow(acct)).current_period_end as string;
    expect((await runBillingCycle(cycleEnv, { accountId: acct })).outcomes).toEqual(["renewed"]);
    expect(await accountRow(acct)).toMatchObject({ status: "active", tier: "professional", included_balance: 1000 });
    expect((await runBillingCycle(cycleEnv, { accountId: acct })).outcomes).toEqual([]);
    const fees = (await stripeCalls(stripe.STRIPE_SECRET_KEY)).filter(
      (c) => c.path === "/v1/payment_intents" && c.form.amount === "4900",
    );
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      idempotencyKey: `sub_${acct}_${period}_1`,
      form: { confirm: "true", off_session: "true", currency: "usd" },
    });
    const fee = await env.DB.prepare(
      "SELECT gateway_reference FROM transactions WHERE account_id = ? AND type = 'subscription_fee'",
    )
      .bind(acct)
      .first<{ gateway_reference: string }>();
    expect(fee?.gateway_reference).toMatch(/^pi_/);
  });

  it("a card that needs authentication cannot pay off-session: past_due, decline code authentication_required", async () => {
    // The purchase is declined too, but the PaymentMethod is saved (as the default) on first use.
    const { acct, cycleEnv } = await professionalOnStripe("pm_card_authenticationRequired");
    expect((await runBillingCycle(cycleEnv, { accountId: acct })).outcomes).toEqual(["payment_failed"]);
    expect(await accountRow(acct)).toMatchObject({ status: "past_due", dunning_attempts: 1 });
    const failed = await env.DB.prepare(
      "SELECT failure_code FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'failed'",
    )
      .bind(acct)
      .first<{ failure_code: string }>();
    expect(failed?.failure_code).toBe("authentication_required");
  });
});
