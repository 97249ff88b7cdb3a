import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  accountIdOf,
  accountRow,
  addCard,
  CARDS,
  endPeriodNow,
  expectLedgerInvariant,
  fireClock,
  historyTypes,
} from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

const billing = async (token: string) => (await api("GET", "/v1/billing", { token })).body.data;

async function outboxTypes(accountId: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT json_extract(message, '$.type') AS type FROM event_outbox WHERE json_extract(message, '$.data.account_id') = ? ORDER BY created_at",
  )
    .bind(accountId)
    .all<{ type: string }>();
  return results.map((r) => r.type);
}

describe("BillingClock: trial end and renewals", () => {
  it("a professional trial ends with the first fee: credits renewed to the plan's, dates advance, one fee per period", async () => {
    const u = await registerUser({ tier: "professional" });
    const acct = await accountIdOf(u.id);
    const before = await billing(u.token);
    expect(before).toMatchObject({ tier: "professional", status: "trialing", credits: { included: 100 } });
    expect(before.trial_ends_at).toBe(before.current_period_end);
    // Armed at signup: the alarm is there without anyone pressing a button.
    expect(await env.BILLING_CLOCK.get(env.BILLING_CLOCK.idFromName(acct)).ping()).toBe("pong");
    await addCard(u.token, CARDS.visa);

    await endPeriodNow(acct);
    const trialEnd = (await accountRow(acct)).current_period_end;
    expect(await fireClock(acct)).toBe(true);
    const after = await billing(u.token);
    expect(after).toMatchObject({
      tier: "professional",
      status: "active",
      trial_ends_at: null,
      current_period_start: trialEnd,
      credits: { included: 1000, used: 0, remaining: 1000, included_remaining: 1000, purchased_remaining: 0 },
    });
    expect(Date.parse(after.current_period_end)).toBeGreaterThan(Date.parse(trialEnd));
    expect(await historyTypes(u.token)).toEqual(
      expect.arrayContaining(["subscription_fee:completed", "credits_renewal:completed", "credits_expiry:completed"]),
    );
    await expectLedgerInvariant(acct);

    // A duplicated alarm (at-least-once) changes nothing: the next period is not due.
    await fireClock(acct);
    const fees = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(amount_cents) AS cents FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'completed'",
    )
      .bind(acct)
      .first<{ n: number; cents: number }>();
    expect(fees).toEqual({ n: 1, cents: 4900 });
    expect(await outboxTypes(acct)).toContain("billing.payment_succeeded");

    // Second renewal: unused included credits expire, purchased ones stay.
    const pm = (await billing(u.token)).payment_method.id;
    expect(
      (
        await api("POST", "/v1/billing/credits/purchase", {
          token: u.token,
          body: { credit_package: "starter", payment_method_id: pm },
        })
      ).status,
    ).toBe(201);
    await endPeriodNow(acct);
    await fireClock(acct);
    const third = await billing(u.token);
    expect(third.credits).toMatchObject({ included: 1000, remaining: 1100, purchased_remaining: 100 });
    const count = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'completed'",
    )
      .bind(acct)
      .first<{ n: number }>();
    expect(count?.n).toBe(2);
    await expectLedgerInvariant(acct);
  });

  it("basic renews its included credits without a fee", async () => {
    const u = await registerUser();
    const acct = await accountIdOf(u.id);
    await endPeriodNow(acct);
    await fireClock(acct);
    const b = await billing(u.token);
    expect(b).toMatchObject({ tier: "basic", status: "active", credits: { included: 100, remaining: 100 } });
    const types = await historyTypes(u.token);
    expect(types).toContain("credits_renewal:completed");
    expect(types.some((t) => t.startsWith("subscription_fee"))).toBe(false);
    await expectLedgerInvariant(acct);
  });
});

describe("BillingClock: dunning", () => {
  it("a declining card walks past_due through the retries to basic; rate limits drop on the next request", async () => {
    const u = await registerUser({ tier: "enterprise" });
    const acct = await accountIdOf(u.id);
    await addCard(u.token, CARDS.declined);
    const limitOf = async () =>
      (await api("GET", "/v1/users/me", { token: u.token })).headers.get("RateLimit-Policy") ?? "";
    expect(await limitOf()).toContain("q=10000");

    await endPeriodNow(acct);
    await fireClock(acct);
    let b = await billing(u.token);
    expect(b.status).toBe("past_due");
    expect(b.tier).toBe("enterprise");
    const a1 = await accountRow(acct);
    expect(a1.dunning_attempts).toBe(1);
    // First retry one day (× BILLING_PERIOD_SCALE) after the period end.
    expect(Date.parse(a1.next_action_at) - Date.parse(a1.current_period_end)).toBe(86_400_000);
    expect(await outboxTypes(acct)).toContain("billing.payment_failed");

    for (const attempt of [2, 3]) {
      await endPeriodNow(acct);
      await fireClock(acct);
      expect((await accountRow(acct)).dunning_attempts).toBe(attempt);
    }
    await endPeriodNow(acct);
    await fireClock(acct);
    b = await billing(u.token);
    expect(b).toMatchObject({ tier: "basic", status: "active", credits: { included: 100 } });
    const me = await api("GET", "/v1/users/me", { token: u.token });
    expect(me.body.data.tier).toBe("basic");
    expect(me.headers.get("RateLimit-Policy")).toContain("q=100;");
    expect(await outboxTypes(acct)).toContain("billing.plan_changed");
    const failed = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'failed'",
    )
      .bind(acct)
      .first<{ n: number }>();
    expect(failed?.n).toBe(4);
    await expectLedgerInvariant(acct);
  });

  it("a new working card settles a past_due account at once; POST /retry refuses when nothing is due", async () => {
    const u = await registerUser({ tier: "professional" });
    const acct = await accountIdOf(u.id);
    expectErrorEnvelope(await api("POST", "/v1/billing/retry", { token: u.token }), 409, "NOTHING_TO_RETRY");
    await endPeriodNow(acct); // no card at all
    await fireClock(acct);
    expect((await billing(u.token)).status).toBe("past_due");
    // An explicit retry with still no card: one more failed attempt.
    const retried = await api("POST", "/v1/billing/retry", { token: u.token });
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toBe("past_due");
    expect((await accountRow(acct)).dunning_attempts).toBe(2);
    await addCard(u.token, CARDS.visa);
    const b = await billing(u.token);
    expect(b).toMatchObject({ status: "active", tier: "professional", credits: { included: 1000 } });
    await expectLedgerInvariant(acct);
  });
});
