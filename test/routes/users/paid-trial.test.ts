import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountIdOf, accountRow, changePlan, expectLedgerInvariant } from "../../support/billing";
import { mailedVerificationToken } from "../../support/email";
import { PASSWORD, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

const BASIC_POLICY = '"minute";q=100;w=60, "day";q=1000;w=86400';
const PRO_POLICY = '"minute";q=1000;w=60, "day";q=10000;w=86400';

async function signUp(email: string, tier: "basic" | "professional" | "enterprise") {
  const res = await api("POST", "/v1/auth/register", {
    body: { email, username: "trial", password: PASSWORD, tier, marketing_consent: false },
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.user.id as string, token: res.body.data.token as string, user: res.body.data.user };
}

const verify = async (token: string) => api("POST", "/v1/auth/email/verify", { body: { token } });
const policyOf = async (token: string) => (await api("GET", "/v1/users/me", { token })).headers.get("ratelimit-policy");
const ledgerRows = async (accountId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE account_id = ?")
    .bind(accountId)
    .first<number>("n")) ?? 0;

describe("a paid tier chosen at registration trials only once the email is verified", () => {
  it("unverified: the free plan and its rate limits, and no plan change to a paid tier (403)", async () => {
    const u = await signUp(uniqueEmail("trial"), "professional");
    expect(u.user.tier).toBe("basic");
    const accountId = await accountIdOf(u.id);
    const before = await accountRow(accountId);
    expect(before).toMatchObject({ tier: "basic", status: "active", trial_ends_at: null, trial_tier: "professional" });
    expect(await policyOf(u.token)).toBe(BASIC_POLICY);
    const billing = (await api("GET", "/v1/billing", { token: u.token })).body.data;
    // The person sees the trial they chose, waiting on their address.
    expect(billing).toMatchObject({ tier: "basic", status: "active", trial_ends_at: null, trial_tier: "professional" });

    // The attack: start the trial (or any paid plan) without proving the address.
    for (const tier of ["professional", "enterprise"]) {
      const err = expectErrorEnvelope(await changePlan(u.token, { tier }), 403, "EMAIL_NOT_VERIFIED");
      expect(err.details.tier).toBe(tier);
    }
    const after = await accountRow(accountId);
    expect(after).toEqual(before);
    expect(await ledgerRows(accountId)).toBe(0);
    expect(await policyOf(u.token)).toBe(BASIC_POLICY);
  });

  it("verifying starts the trial exactly once: a replayed token or a resend restarts nothing", async () => {
    const u = await signUp(uniqueEmail("trial"), "professional");
    const token = await mailedVerificationToken(u);
    expect((await verify(token)).status).toBe(200);
    const accountId = await accountIdOf(u.id);
    const started = await accountRow(accountId);
    expect(started).toMatchObject({ tier: "professional", status: "trialing", trial_tier: null });
    expect(started.trial_ends_at).toBe(started.current_period_end);
    expect(Date.parse(started.trial_ends_at)).toBeGreaterThan(Date.parse(started.current_period_start));
    expect(await policyOf(u.token)).toBe(PRO_POLICY);
    const me = (await api("GET", "/v1/users/me", { token: u.token })).body.data;
    expect(me.tier).toBe("professional");
    expect((await api("GET", "/v1/billing", { token: u.token })).body.data).toMatchObject({
      tier: "professional",
      status: "trialing",
      trial_tier: null,
    });
    const ledger = await ledgerRows(accountId);

    expectErrorEnvelope(await verify(token), 400, "EMAIL_VERIFICATION_INVALID");
    expectErrorEnvelope(
      await api("POST", "/v1/auth/email/verify/resend", { token: u.token }),
      409,
      "EMAIL_ALREADY_VERIFIED",
    );
    expect(await accountRow(accountId)).toEqual(started);
    expect(await ledgerRows(accountId)).toBe(ledger);
    await expectLedgerInvariant(accountId);
    // Verified, the caller may change plans again: an upgrade while trialing stays a free trial.
    const up = await changePlan(u.token, { tier: "enterprise" });
    expect(up.status).toBe(200);
    expect(up.body.data.charge).toBeNull();
  });

  it("a mailbox trials once: deleting the account and registering the address again starts no trial", async () => {
    const email = uniqueEmail("trial");
    const first = await signUp(email, "enterprise");
    expect((await verify(await mailedVerificationToken(first))).status).toBe(200);
    expect(await accountRow(await accountIdOf(first.id))).toMatchObject({ tier: "enterprise", status: "trialing" });
    const del = await api("DELETE", "/v1/users/me", { token: first.token, body: { password: PASSWORD } });
    expect(del.status).toBe(200);

    // The same mailbox under another spelling (a +tag) is the same claim.
    const [local, domain] = email.split("@");
    for (const again of [email, `${local}+again@${domain}`]) {
      const second = await signUp(again, "enterprise");
      expect((await verify(await mailedVerificationToken(second))).status).toBe(200);
      const accountId = await accountIdOf(second.id);
      expect(await accountRow(accountId)).toMatchObject({
        tier: "basic",
        status: "active",
        trial_ends_at: null,
        trial_tier: null,
        balance: 0,
      });
      expect(await ledgerRows(accountId)).toBe(0);
      expect(await policyOf(second.token)).toBe(BASIC_POLICY);
      const del2 = await api("DELETE", "/v1/users/me", { token: second.token, body: { password: PASSWORD } });
      expect(del2.status).toBe(200);
    }
  });

  it("a free signup stays on the free plan when verified", async () => {
    const u = await signUp(uniqueEmail("trial"), "basic");
    expect((await verify(await mailedVerificationToken(u))).status).toBe(200);
    expect(await accountRow(await accountIdOf(u.id))).toMatchObject({
      tier: "basic",
      status: "active",
      trial_ends_at: null,
      trial_tier: null,
    });
  });
});
