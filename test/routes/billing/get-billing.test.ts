import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { debitStatements } from "../../../src/db/credits";
import { lastMonth } from "../../../src/domain/billing/period";
import { newId } from "../../../src/lib/ids";
import { accountIdOf, addCard, purchase } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { tokenWithScopes } from "../../support/tokens";

const billing = (token: string) => api("GET", "/v1/billing", { token });

/** What a session creation writes: one session_debit ledger row and the balance change. */
async function sessionDebit(userId: string, amount: number, at = new Date().toISOString()) {
  const sessionId = newId("session");
  const accountId = await accountIdOf(userId);
  await env.DB.batch(
    debitStatements(
      env.DB,
      {
        ledgerId: newId("led"),
        accountId,
        reason: "session_debit",
        referenceId: sessionId,
        description: "Session",
        at,
      },
      amount,
    ),
  );
}

describe("GET /v1/billing", () => {
  it("a new basic user: free tier, included credits, nothing used, no payment method", async () => {
    const signedUp = Date.now();
    const u = await registerUser();
    const res = await billing(u.token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      tier: "basic",
      monthly_fee: 0,
      status: "active",
      trial_ends_at: null,
      pending_tier: null,
      trial_tier: null,
      credits: { included: 100, used: 0, remaining: 100, included_remaining: 100, purchased_remaining: 0 },
      payment_method: null,
    });
    // The period is anchored at signup (whole seconds or finer) and lasts one calendar month.
    const start = new Date(data.current_period_start);
    expect(start.getTime()).toBeGreaterThanOrEqual(Math.floor(signedUp / 1000) * 1000);
    expect(start.getTime()).toBeLessThanOrEqual(Date.now());
    const end = new Date(data.current_period_end);
    expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    expect(data.credits.reset_date).toBe(data.current_period_end);
    expect(data.next_billing_date).toBe(data.current_period_end);
    expect(res.body.data.usage.current_month.sessions).toBe(0);
    expect(res.body.data.usage.last_month).toEqual({ sessions: 0, api_calls: 0, storage_gb: 0 });
  });

  it("reflects sessions, purchases, the default card, API calls and storage", async () => {
    const u = await registerUser({ tier: "professional" });
    const pm = await addCard(u.token);
    expect((await purchase(u.token, { credit_package: "starter", payment_method_id: pm })).status).toBe(201);
    await sessionDebit(u.id, 30);
    await sessionDebit(u.id, 20);
    // A session of last month counts there, not here.
    await sessionDebit(u.id, 5, new Date(Date.parse(lastMonth(Date.now()).start) + 3600_000).toISOString());

    const res = await billing(u.token);
    const data = res.body.data;
    expect(data.tier).toBe("professional");
    expect(data.monthly_fee).toBe(49);
    // Trialing on basic's 100 included credits; debits spend included credits first, purchases never expire.
    expect(data.status).toBe("trialing");
    expect(data.trial_ends_at).toBe(data.current_period_end);
    expect(data.credits).toEqual({
      included: 100,
      used: 55,
      remaining: 100 + 100 - 55,
      included_remaining: 45,
      purchased_remaining: 100,
      reset_date: data.current_period_end,
    });
    expect(data.usage.current_month.sessions).toBe(2);
    expect(data.usage.last_month.sessions).toBe(1);
    expect(data.payment_method).toEqual({ id: pm, type: "card", brand: "visa", last_four: "4242", expiry: "12/34" });
    // register, add card, purchase (and /users/me-free flow): the authenticated calls so far
    expect(data.usage.current_month.api_calls).toBeGreaterThanOrEqual(2);
    expect(data.usage.current_month.storage_gb).toBeGreaterThan(0);
  });

  it("counts each authenticated API call", async () => {
    const u = await registerUser();
    const before = (await billing(u.token)).body.data.usage.current_month.api_calls;
    for (let i = 0; i < 3; i++) await api("GET", "/v1/users/me", { token: u.token });
    // Counting runs after the response (waitUntil): polled until counted; the deadline is a hang
    // guard, far beyond what a loaded machine takes.
    const deadline = Date.now() + 30_000;
    let after = (await billing(u.token)).body.data.usage.current_month.api_calls;
    while (after < before + 4 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      after = (await billing(u.token)).body.data.usage.current_month.api_calls;
    }
    expect(after).toBeGreaterThanOrEqual(before + 4);
  });

  it("storage grows with what the user stores", async () => {
    const u = await registerUser();
    const before = (await billing(u.token)).body.data.usage.current_month.storage_gb;
    await addCard(u.token);
    const after = (await billing(u.token)).body.data.usage.current_month.storage_gb;
    expect(after).toBeGreaterThan(before);
  });

  it("needs analytics:read", async () => {
    const u = await registerUser();
    expectErrorEnvelope(await api("GET", "/v1/billing"), 401, "AUTHENTICATION_REQUIRED");
    expectErrorEnvelope(await billing(await tokenWithScopes(u.id, ["profile"])), 403, "INSUFFICIENT_PERMISSIONS");
  });
});
