import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testGatewayForgotten } from "../../../src/adapters/payments/test";
import { listMailboxMessages } from "../../../src/db/mail-outbox";
import { hotSession } from "../../../src/db/session-archive";
import type { Principal } from "../../../src/domain/identity/principal";
import { accountPrefix, archiveKey, archiveSession } from "../../../src/domain/sessions/archive";
import { sweepErasures } from "../../../src/domain/users/account-erasure";
import { deleteAccount } from "../../../src/domain/users/delete-account";
import {
  accountIdOf,
  accountRow,
  addCard,
  endPeriodNow,
  expectLedgerInvariant,
  fireClock,
  stripeCalls,
  stripeEnv,
  stripeOutage,
} from "../../support/billing";
import { holderTestContext, testContextWith } from "../../support/context";
import { PASSWORD, registerUser, type TestUser } from "../../support/factories";
import { api, apiWithEnv } from "../../support/http";
import { addMember, asOrg, createOrganization, openLive } from "../../support/organizations";
import { completedSession, heldSession, topUp, validSession } from "../../support/sessions";
import { decodePayload } from "../../support/tokens";

const del = (user: TestUser) => api("DELETE", "/v1/users/me", { token: user.token, body: { password: PASSWORD } });
const userRow = (id: string) => env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(id).first<any>();
const sessionRow = (id: string) => env.DB.prepare("SELECT * FROM sessions WHERE id = ?").bind(id).first<any>();
const erasureRow = (userId: string) =>
  env.DB.prepare("SELECT * FROM account_erasures WHERE user_id = ?").bind(userId).first<any>();
const mailsTo = async (email: string) => (await listMailboxMessages(env.KV, email, 50)).map((m) => m.type);

/** The caller as the route's authentication makes it from the user's token: a person's own first-party sign-in. */
const personOf = (user: TestUser): Principal => {
  const claims = decodePayload(user.token) as { jti: string; sid: string };
  return {
    userId: user.id,
    role: "user",
    tier: "basic",
    scopes: new Set(["profile"]),
    credential: { kind: "login_token", id: claims.jti, sid: claims.sid },
  } as Principal;
};

describe("DELETE /v1/users/me: the last-owner rule holds inside the erasure's batch", () => {
  it("a co-owner leaving between the check and the batch refuses the deletion: nothing erased, nothing mailed", async () => {
    const a = await registerUser();
    const orgId = await createOrganization(a, "Race Conditions Ltd");
    const b = await addMember(a, orgId, "owner");
    const ctx = await holderTestContext(personOf(a));
    const commit = ctx.commit;
    let leftStatus = 0;
    // The concurrent request lands exactly between deleteAccount's check (B still an owner) and its batch.
    ctx.commit = async (statements) => {
      leftStatus ||= (await api("POST", `/v1/organizations/${orgId}/leave`, { token: b.token })).status;
      return commit(statements);
    };
    const err = await deleteAccount(ctx, { password: PASSWORD }).catch((e) => e);
    expect(err.code, String(err)).toBe("LAST_OWNER");
    expect(leftStatus).toBe(200);
    expect(err.details.organizations).toEqual([{ id: orgId, name: "Race Conditions Ltd" }]);
    // Nothing of the erasure committed: the person, their sign-in and their ownership are intact.
    const row = await userRow(a.id);
    expect(row).toMatchObject({ email: a.email, deleted_at: null });
    expect((await api("GET", "/v1/users/me", { token: a.token })).status).toBe(200);
    const owners = await env.DB.prepare(
      "SELECT user_id FROM organization_members WHERE organization_id = ? AND role = 'owner'",
    )
      .bind(orgId)
      .all<{ user_id: string }>();
    expect(owners.results.map((r) => r.user_id)).toEqual([a.id]);
    expect(await erasureRow(a.id)).toBeNull();
    expect(await mailsTo(a.email)).not.toContain("account.deleted");
  });

  it("two owners deleting their accounts one after the other: the second is refused, the organization keeps an owner", async () => {
    const a = await registerUser();
    const orgId = await createOrganization(a, "Two Owners GmbH");
    const b = await addMember(a, orgId, "owner");
    const [first, second] = await Promise.all([del(a), del(b)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const owners = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ? AND role = 'owner'",
    )
      .bind(orgId)
      .first<number>("n");
    expect(owners).toBe(1);
  });
});

describe("DELETE /v1/users/me: what the deletion finishes", () => {
  it("mails the old address that the account was deleted, once", async () => {
    const user = await registerUser();
    expect((await del(user)).status).toBe(200);
    const types = await mailsTo(user.email);
    expect(types.filter((t) => t === "account.deleted")).toHaveLength(1);
  });

  it("cancels open sessions with the ledger's refund, closes their sockets, and erases ended sessions' content", async () => {
    const user = await registerUser();
    const accountId = await accountIdOf(user.id);
    await topUp(user.id);
    const ended = await completedSession(user.token, { cue: "my grandmother's house", metadata: { tags: ["family"] } });
    const open = await heldSession(user.token, { cue: "where are my keys" });
    const live = await openLive(open.id, user.token);
    const before = await sessionRow(open.id);
    expect(before.status).toBe("pending");

    expect((await del(user)).status).toBe(200);
    expect((await live.closed).code).toBeGreaterThanOrEqual(1000);
    const cancelled = await sessionRow(open.id);
    expect(cancelled).toMatchObject({ status: "cancelled", credits_refunded: before.credits_used });
    const refunds = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM credit_ledger WHERE account_id = ? AND reference_id = ? AND delta > 0",
    )
      .bind(accountId, open.id)
      .first<number>("n");
    expect(refunds).toBe(1);
    await expectLedgerInvariant(accountId);
    for (const id of [ended.id, open.id]) {
      const row = await sessionRow(id);
      expect(row).toMatchObject({ cue: "", tags: "[]", results: null, analysis: null, case_id: null });
      expect(JSON.stringify(row)).not.toMatch(/grandmother|keys|family/);
    }
    // The accounting stays: the completed session's row and its charge.
    expect(await sessionRow(ended.id)).toMatchObject({ status: "completed", credits_used: expect.any(Number) });
    expect(await erasureRow(user.id)).toMatchObject({ next_attempt_at: null, done_at: expect.any(String) });

    // Repeating the erasure's work refunds nothing more.
    await sweepErasures(testContextWith({}, () => Date.now() + 3_600_000));
    expect(
      await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM credit_ledger WHERE account_id = ? AND reference_id = ? AND delta > 0",
      )
        .bind(accountId, open.id)
        .first<number>("n"),
    ).toBe(1);
  });

  it("an organization's sessions stay the organization's", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const member = await registerUser();
    await addMember(owner, orgId, "member", member);
    const orgSession = await api("POST", "/v1/sessions", {
      token: member.token,
      headers: asOrg(orgId),
      body: validSession({ cue: "org work" }),
    });
    expect(orgSession.status).toBe(201);
    expect((await del(member)).status).toBe(200);
    const row = await sessionRow(orgSession.body.data.id);
    expect(row.cue).toBe("org work");
  });

  it("a deleted person's paid plan ends at the period's end: no fee is charged after the deletion", async () => {
    const user = await registerUser({ tier: "professional" });
    const accountId = await accountIdOf(user.id);
    await addCard(user.token);
    expect(await accountRow(accountId)).toMatchObject({ tier: "professional", status: "trialing" });
    expect((await del(user)).status).toBe(200);
    expect(await accountRow(accountId)).toMatchObject({ pending_tier: "basic", free_included: 0 });
    await endPeriodNow(accountId);
    await fireClock(accountId);
    expect(await accountRow(accountId)).toMatchObject({ tier: "basic", pending_tier: null });
    const fees = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE account_id = ? AND type = 'subscription_fee'",
    )
      .bind(accountId)
      .first<number>("n");
    expect(fees).toBe(0);
    await expectLedgerInvariant(accountId);
  });

  it("the test gateway is asked to forget the account's customer with its saved cards", async () => {
    const user = await registerUser();
    const accountId = await accountIdOf(user.id);
    await addCard(user.token);
    const token = await env.DB.prepare("SELECT gateway_token FROM payment_methods WHERE account_id = ?")
      .bind(accountId)
      .first<string>("gateway_token");
    expect((await del(user)).status).toBe(200);
    expect(testGatewayForgotten().filter((f) => f.accountId === accountId)).toEqual([{ accountId, tokens: [token] }]);
  });

  it("the archive objects of the person's sessions go too, even when R2 fails at first: the cron finishes it", async () => {
    const user = await registerUser();
    const other = await registerUser();
    await topUp(user.id);
    await topUp(other.id);
    const accountId = await accountIdOf(user.id);
    const mine = [await completedSession(user.token), await completedSession(user.token)];
    const hot = await completedSession(user.token);
    const theirs = await completedSession(other.token);
    for (const { id } of [...mine, theirs])
      expect(await archiveSession(testContextWith({}), (await hotSession(env.DB, id))!)).toBe(true);
    const objects = async (account: string) =>
      (await env.ARCHIVE.list({ prefix: accountPrefix(account) })).objects.map((o) => o.key).sort();
    expect(await objects(accountId)).toEqual(mine.map(({ id }) => archiveKey({ accountId, id })).sort());

    // R2 refuses every call during the deletion's own attempt: the deletion still happens.
    const down = new Proxy(env.ARCHIVE, {
      get: () => () => Promise.reject(new Error("R2 is down")),
    });
    const res = await apiWithEnv({ ARCHIVE: down }, "DELETE", "/v1/users/me", {
      token: user.token,
      body: { password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await erasureRow(user.id)).last_error).toContain("archive objects");
    // The rows no longer point at any content, archived or hot; the objects wait for the retry.
    for (const { id } of [...mine, hot])
      expect(await sessionRow(id)).toMatchObject({ content_id: null, archive_sha256: null, results: null, cue: "" });
    expect(await objects(accountId)).toHaveLength(2);

    await sweepErasures(testContextWith({}, () => Date.now() + 3_600_000));
    expect(await erasureRow(user.id)).toMatchObject({ done_at: expect.any(String), next_attempt_at: null });
    expect(await objects(accountId)).toEqual([]);
    // Another person's archived session is untouched, and still reads.
    const otherAccount = await accountIdOf(other.id);
    expect(await objects(otherAccount)).toEqual([archiveKey({ accountId: otherAccount, id: theirs.id })]);
    expect((await api("GET", `/v1/sessions/${theirs.id}/analysis`, { token: other.token })).status).toBe(200);
    // A repeat of the finished erasure is harmless.
    await sweepErasures(testContextWith({}, () => Date.now() + 7_200_000));
    expect(await objects(accountId)).toEqual([]);
  });

  it("Stripe: a failed customer deletion never blocks the deletion and is retried until it succeeds", async () => {
    const stripe = stripeEnv();
    const user = await registerUser();
    // A purchase with a Stripe PaymentMethod id saves it, on a Stripe customer of this account.
    const saved = await apiWithEnv(stripe, "POST", "/v1/billing/credits/purchase", {
      token: user.token,
      body: { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 },
    });
    expect(saved.status, saved.text).toBe(201);
    const accountId = await accountIdOf(user.id);
    const gatewayToken = await env.DB.prepare("SELECT gateway_token FROM payment_methods WHERE account_id = ?")
      .bind(accountId)
      .first<string>("gateway_token");
    const customer = gatewayToken!.split("/")[0]!;
    await stripeOutage(stripe.STRIPE_SECRET_KEY, 1);

    const res = await apiWithEnv(stripe, "DELETE", "/v1/users/me", { token: user.token, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).deleted_at).not.toBeNull();
    const pending = await erasureRow(user.id);
    expect(pending).toMatchObject({ done_at: null, attempts: 1 });
    expect(pending.last_error).toContain("payment customer");
    expect(pending.next_attempt_at).not.toBeNull();

    // The cron, once the retry is due (its clock an hour on): the customer is deleted, once.
    const later = Date.now() + 3_600_000;
    expect(await sweepErasures(testContextWith(stripe, () => later))).toBeGreaterThanOrEqual(1);
    expect(await erasureRow(user.id)).toMatchObject({ done_at: expect.any(String), next_attempt_at: null });
    const deletions = (await stripeCalls(stripe.STRIPE_SECRET_KEY)).filter(
      (c) => c.method === "DELETE" && c.path === `/v1/customers/${customer}`,
    );
    expect(deletions.map((c) => c.status)).toEqual([500, 200]);
    await sweepErasures(testContextWith(stripe, () => later + 3_600_000));
    expect((await stripeCalls(stripe.STRIPE_SECRET_KEY)).filter((c) => c.method === "DELETE").length).toBe(2);
  });
});
