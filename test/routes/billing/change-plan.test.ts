import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  accountIdOf,
  accountRow,
  addCard,
  changePlan,
  endPeriodNow,
  expectLedgerInvariant,
  fireClock,
  purchase,
} from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

const billing = async (token: string) => (await api("GET", "/v1/billing", { token })).body.data;

/** Put the account halfway through a 30-day period. */
async function halfwayThroughPeriod(accountId: string) {
  const now = Date.now();
  await env.DB.prepare("UPDATE billing_accounts SET current_period_start = ?2, current_period_end = ?3 WHERE id = ?1")
    .bind(accountId, new Date(now - 15 * 86_400_000).toISOString(), new Date(now + 15 * 86_400_000).toISOString())
    .run();
}

describe("PUT /v1/billing/plan", () => {
  it("an upgrade mid-period charges the prorated fee and grants the prorated included credits, now", async () => {
    const u = await registerUser();
    const acct = await accountIdOf(u.id);
    await halfwayThroughPeriod(acct);
    const res = await changePlan(u.token, { tier: "professional", payment_method_id: "pm_card_visa" });
    expect(res.status).toBe(200);
    const { billing: b, charge } = res.body.data;
    // Half of (49 − 0) dollars and half of (1000 − 100) credits, give or take a second of rounding.
    expect(charge.amount).toBeCloseTo(24.5, 1);
    expect(charge.credits).toBe(450);
    expect(b).toMatchObject({ tier: "professional", status: "active", monthly_fee: 49, pending_tier: null });
    expect(b.credits).toMatchObject({ included: 550, remaining: 550 });
    expect(b.payment_method).toMatchObject({ brand: "visa", last_four: "4242" });
    const me = await api("GET", "/v1/users/me", { token: u.token });
    expect(me.body.data.tier).toBe("professional");
    expect(me.headers.get("RateLimit-Policy")).toContain("q=1000;");
    const hist = await api("GET", "/v1/billing/history", { token: u.token });
    const types = hist.body.data.transactions.map((t: { type: string }) => t.type);
    expect(types).toEqual(expect.arrayContaining(["plan_change", "plan_proration"]));
    await expectLedgerInvariant(acct);
  });

  it("while trialing an upgrade switches plan without a charge", async () => {
    const u = await registerUser({ tier: "professional" });
    const res = await changePlan(u.token, { tier: "enterprise" });
    expect(res.status).toBe(200);
    expect(res.body.data.charge).toBeNull();
    expect(res.body.data.billing).toMatchObject({ tier: "enterprise", status: "trialing", credits: { included: 100 } });
  });

  it("a declined card changes nothing (402) and is recorded as a failed plan_change", async () => {
    const u = await registerUser();
    await halfwayThroughPeriod(await accountIdOf(u.id));
    const res = await changePlan(u.token, { tier: "enterprise", payment_method_id: "pm_card_chargeDeclined" });
    expectErrorEnvelope(res, 402, "PAYMENT_DECLINED");
    expect((await billing(u.token)).tier).toBe("basic");
    const failedRes = await changePlan(u.token, {
      tier: "enterprise",
      payment_method_id: "pm_card_chargeDeclinedProcessingError",
    });
    expectErrorEnvelope(failedRes, 502, "PAYMENT_FAILED");
    const insufficient = await changePlan(u.token, {
      tier: "enterprise",
      payment_method_id: "pm_card_chargeDeclinedInsufficientFunds",
    });
    expect(expectErrorEnvelope(insufficient, 402, "PAYMENT_DECLINED").details.decline_code).toBe("insufficient_funds");
  });

  it("a downgrade waits for the period end (pending_tier), can be cancelled, and then applies without a fee", async () => {
    const u = await registerUser();
    const acct = await accountIdOf(u.id);
    await halfwayThroughPeriod(acct);
    expect((await changePlan(u.token, { tier: "professional", payment_method_id: "pm_card_visa" })).status).toBe(200);

    let res = await changePlan(u.token, { tier: "basic" });
    expect(res.status).toBe(200);
    expect(res.body.data.billing).toMatchObject({ tier: "professional", pending_tier: "basic" });
    res = await changePlan(u.token, { tier: "professional" }); // cancels the pending downgrade
    expect(res.body.data.billing.pending_tier).toBeNull();
    expectErrorEnvelope(await changePlan(u.token, { tier: "professional" }), 409, "PLAN_UNCHANGED");
    expect((await changePlan(u.token, { tier: "basic" })).status).toBe(200);

    await endPeriodNow(acct);
    await fireClock(acct);
    const b = await billing(u.token);
    expect(b).toMatchObject({ tier: "basic", status: "active", pending_tier: null, credits: { included: 100 } });
    const fees = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE account_id = ? AND type = 'subscription_fee'",
    )
      .bind(acct)
      .first<{ n: number }>();
    expect(fees?.n).toBe(0);
    await expectLedgerInvariant(acct);
  });

  it("refuses an unknown tier (422), another account's payment method (404) and plan changes while past_due (409)", async () => {
    const u = await registerUser();
    const other = await registerUser();
    const foreign = await addCard(other.token);
    expectErrorEnvelope(await changePlan(u.token, { tier: "platinum" }), 422, "INVALID_FIELD_VALUE");
    expectErrorEnvelope(await changePlan(u.token, { tier: "basic" }), 409, "PLAN_UNCHANGED");
    expectErrorEnvelope(
      await changePlan(u.token, { tier: "professional", payment_method_id: foreign }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expectErrorEnvelope(
      await changePlan(u.token, { tier: "professional", payment_method_id: "pm_card_unknown" }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    const p = await registerUser({ tier: "professional" });
    const acct = await accountIdOf(p.id);
    await endPeriodNow(acct);
    await fireClock(acct);
    expect((await accountRow(acct)).status).toBe("past_due");
    expectErrorEnvelope(await changePlan(p.token, { tier: "enterprise" }), 409, "ACCOUNT_PAST_DUE");
  });
});

describe("paying with processor test ids", () => {
  it("a purchase with pm_card_visa straight from the spec's request shape works, and saves the card once", async () => {
    const u = await registerUser();
    const res = await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ credits_purchased: 100, payment_status: "succeeded", new_balance: 200 });
    expect((await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" })).status).toBe(
      201,
    );
    const list = await api("GET", "/v1/billing/payment-methods", { token: u.token });
    expect(list.body.data.payment_methods).toHaveLength(1);
    expectErrorEnvelope(
      await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_chargeDeclined" }),
      402,
      "PAYMENT_DECLINED",
    );
    await expectLedgerInvariant(await accountIdOf(u.id));
  });
});
