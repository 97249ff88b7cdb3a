/**
 * Issue 44, hole 6 (docs/security.md "Refunds return to the bucket that paid"): a refund gives
 * included credits back as included credits, up to what the session took from them, and never
 * resurrects included credits whose period has ended; only the rest is purchased credit. Before,
 * every refund was purchased credit, so cancelling a pending session before each renewal turned
 * the expiring allowance into credits that never expire.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerReference } from "../../src/db/credits";
import { repriceStoredSession } from "../../src/domain/sessions/lifecycle";
import { newId } from "../../src/lib/ids";
import { accountIdOf, accountRow, endPeriodNow, expectLedgerInvariant, fireClock, purchase } from "../support/billing";
import { testContext } from "../support/context";
import { registerUser, type TestUser } from "../support/factories";
import { api } from "../support/http";
import { asOrg, createOrganization, orgAccount } from "../support/organizations";
import { heldSession, stepRoom, waitForStatus } from "../support/sessions";
import { deliver, failedIntent, stripeEvent } from "../support/stripe-events";

// remote_viewing, 3600 s, one analysis type: 70 credits at normal priority, 105 at high.
const NORMAL = 70;
const HIGH = 105;

/** The two buckets as GET /v1/billing shows them. */
async function buckets(u: TestUser) {
  const res = await api("GET", "/v1/billing", { token: u.token });
  expect(res.status).toBe(200);
  const { included_remaining, purchased_remaining } = res.body.data.credits;
  return { included: included_remaining as number, purchased: purchased_remaining as number };
}

const cancel = (u: TestUser, id: string) => api("DELETE", `/v1/sessions/${id}`, { token: u.token });

async function ledgerOf(sessionId: string) {
  const { results } = await env.DB.prepare(
    `SELECT delta, reason FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} LIKE ? ORDER BY created_at, reason`,
  )
    .bind(`${sessionId}%`)
    .all<{ delta: number; reason: string }>();
  return results;
}

/** A verified person (100 included credits) who also bought a Starter package (100 purchased). */
async function payingUser(): Promise<TestUser> {
  const u = await registerUser();
  expect((await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" })).status).toBe(201);
  expect(await buckets(u)).toEqual({ included: 100, purchased: 100 });
  return u;
}

describe("issue 44.6: refunds return to the bucket that paid", () => {
  it("the attack: a pending session paid from included credits, cancelled, gives them back as included credits", async () => {
    const u = await registerUser();
    expect(await buckets(u)).toEqual({ included: 100, purchased: 0 });
    const s = await heldSession(u.token);
    expect(await buckets(u)).toEqual({ included: 100 - NORMAL, purchased: 0 });

    const res = await cancel(u, s.id);
    expect(res.status).toBe(200);
    expect(res.body.refund.credits_refunded).toBe(NORMAL);
    // Was included 30, purchased 70: the allowance banked as credits that never expire.
    expect(await buckets(u)).toEqual({ included: 100, purchased: 0 });
    // The next renewal expires all of it: nothing was carried over.
    const acct = await accountIdOf(u.id);
    await endPeriodNow(acct);
    await fireClock(acct);
    expect(await buckets(u)).toEqual({ included: 100, purchased: 0 });
    await expectLedgerInvariant(acct);
  });

  it("a session paid from both buckets: a full (failure) refund returns each its share", async () => {
    const u = await payingUser();
    // 105 at high priority: 100 from included credits, 5 purchased.
    const s = await heldSession(u.token, {
      cue: "Where is it? [[fail:initial_processing]]",
      parameters: { duration: 3600, priority: "high" },
    });
    expect(await buckets(u)).toEqual({ included: 0, purchased: 95 });
    await stepRoom(s.id); // starts processing
    await stepRoom(s.id); // the first stage fails
    const failed = await waitForStatus(u.token, s.id, ["failed"]);
    expect(failed.credits_refunded).toBe(HIGH);
    expect(await buckets(u)).toEqual({ included: 100, purchased: 100 });
    await expectLedgerInvariant(await accountIdOf(u.id));
  });

  it("a pro-rata refund while processing goes to included credits first, up to what the session took from them, the rest to purchased", async () => {
    const u = await payingUser();
    await heldSession(u.token); // 70 from included credits
    const s = await heldSession(u.token); // the last 30 included, 40 purchased
    expect(await buckets(u)).toEqual({ included: 0, purchased: 60 });
    await stepRoom(s.id); // processing, in initial_processing: 75 % is refunded
    const res = await cancel(u, s.id);
    const refund = Math.floor(NORMAL * 0.75);
    expect(res.body.refund.credits_refunded).toBe(refund);
    expect(await buckets(u)).toEqual({ included: 30, purchased: 60 + (refund - 30) });
    await expectLedgerInvariant(await accountIdOf(u.id));
  });

  it("a priority downgrade's refund returns included credits first; the cancellation after it the rest, each to its bucket", async () => {
    const u = await payingUser();
    const acct = await accountIdOf(u.id);
    const s = await heldSession(u.token); // 70 from included credits
    // The upgrade's debit as the room writes it (through the API the upgrade would start it at
    // once: high priority has no queue wait): +35, the last 30 included credits and 5 purchased.
    const ledgerId = newId("led");
    const up = await repriceStoredSession(testContext(), {
      sessionId: s.id,
      accountId: acct,
      from: "normal",
      to: "high",
      credits: HIGH,
      difference: HIGH - NORMAL,
      estimatedCompletion: s.estimated_completion,
      ledger: {
        ledgerId,
        expiryLedgerId: newId("led"),
        referenceId: `${s.id}:${ledgerId}`,
        description: "Priority normal → high",
        at: new Date().toISOString(),
      },
    });
    expect(up.ok).toBe(true);
    expect(await buckets(u)).toEqual({ included: 0, purchased: 95 });
    const down = await api("PUT", `/v1/sessions/${s.id}`, {
      token: u.token,
      body: { parameters: { priority: "normal" } },
    });
    expect(down.status).toBe(200);
    // −35, all of it from the 100 included credits the session holds.
    expect(await buckets(u)).toEqual({ included: 35, purchased: 95 });
    // 70: the 65 included credits left in the session, then the 5 purchased.
    expect((await cancel(u, s.id)).status).toBe(200);
    expect(await buckets(u)).toEqual({ included: 100, purchased: 100 });
    await expectLedgerInvariant(acct);
  });

  it("a refund after the period that paid has ended resurrects none of its included credits: they expire, as at renewal", async () => {
    const u = await payingUser();
    const acct = await accountIdOf(u.id);
    const first = await heldSession(u.token); // 70 included
    const second = await heldSession(u.token); // 30 included, 40 purchased
    await endPeriodNow(acct);
    await fireClock(acct);
    // The new period's own 100 included credits; the sessions hold the old period's.
    expect(await buckets(u)).toEqual({ included: 100, purchased: 60 });

    const res = await cancel(u, second.id);
    expect(res.status).toBe(200);
    expect(res.body.refund.credits_refunded).toBe(NORMAL);
    // The 40 purchased come back; the old period's 30 are written off in the same batch.
    expect(await buckets(u)).toEqual({ included: 100, purchased: 100 });
    expect(await ledgerOf(second.id)).toEqual([
      { delta: -NORMAL, reason: "session_debit" },
      { delta: -30, reason: "credits_expiry" },
      { delta: NORMAL, reason: "session_refund" },
    ]);
    expect((await cancel(u, first.id)).status).toBe(200);
    expect(await buckets(u)).toEqual({ included: 100, purchased: 100 });
    await expectLedgerInvariant(acct);
  });

  it("a subscription fee failing after renewal ends the paid period: a session paid from its included credits gets none of them back", async () => {
    const u = await registerUser({ tier: "professional" });
    const acct = await accountIdOf(u.id);
    expect((await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" })).status).toBe(
      201,
    );
    await endPeriodNow(acct);
    await fireClock(acct);
    expect(await buckets(u)).toEqual({ included: 1000, purchased: 100 });
    const s = await heldSession(u.token); // 70 of the renewal's 1,000 included credits
    const fee = await env.DB.prepare(
      "SELECT gateway_reference FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'completed'",
    )
      .bind(acct)
      .first<string>("gateway_reference");
    const res = await deliver(stripeEvent("payment_intent.payment_failed", failedIntent(fee!, 4900)));
    expect(res.body.data.outcome).toBe("applied");
    expect(await accountRow(acct)).toMatchObject({ status: "past_due", included_balance: 0 });

    expect((await cancel(u, s.id)).status).toBe(200);
    // The unpaid period's included credits were taken back: its share in the session is written off.
    expect(await buckets(u)).toEqual({ included: 0, purchased: 100 });
    expect(await ledgerOf(s.id)).toEqual([
      { delta: -NORMAL, reason: "session_debit" },
      { delta: -NORMAL, reason: "credits_expiry" },
      { delta: NORMAL, reason: "session_refund" },
    ]);
    await expectLedgerInvariant(acct);
  });

  it("an organization's session: its included credits come back while their period lasts, and expire after it", async () => {
    const owner = await registerUser();
    const org = await createOrganization(owner); // the owner's first: 100 included credits
    const acct = (await orgAccount(org)).id;
    const orgBuckets = async () => {
      const a = await accountRow(acct);
      return { included: a.included_balance, purchased: a.balance - a.included_balance };
    };
    const now = await heldSession(owner.token, {}, asOrg(org));
    const later = await heldSession(owner.token, { parameters: { duration: 300 } }, asOrg(org)); // 15 credits
    expect(await orgBuckets()).toEqual({ included: 100 - NORMAL - 15, purchased: 0 });
    expect((await api("DELETE", `/v1/sessions/${now.id}`, { token: owner.token, headers: asOrg(org) })).status).toBe(
      200,
    );
    expect(await orgBuckets()).toEqual({ included: 100 - 15, purchased: 0 });

    await endPeriodNow(acct);
    await fireClock(acct);
    const renewed = await orgBuckets();
    expect((await api("DELETE", `/v1/sessions/${later.id}`, { token: owner.token, headers: asOrg(org) })).status).toBe(
      200,
    );
    // The ended period's 15 are written off: neither bucket grows.
    expect(await orgBuckets()).toEqual(renewed);
    expect((await ledgerOf(later.id)).map((r) => r.reason)).toEqual([
      "session_debit",
      "credits_expiry",
      "session_refund",
    ]);
    await expectLedgerInvariant(acct);
  });
});
