import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { auditRow } from "../../../src/domain/organizations/audit";
import type { SessionRoom } from "../../../src/durable-objects/session-room/session-room";
import { userTestContext } from "../../support/context";
import { failingD1 } from "../../support/faults";
import { type ApiResponse, api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { asOrg, auditActions, orgAccount, organizationWithTeam, topUpOrganization } from "../../support/organizations";
import { heldSession, roomStub, validSession } from "../../support/sessions";

/**
 * An organization's change and its audit entry are one D1 batch: a statement
 * failing anywhere in it (fault injection in real D1) leaves neither the change
 * nor the entry; without a fault both are written.
 */
const AUDIT_INSERT = /^INSERT INTO audit_log/;
const HOOK = { url: "https://hooks.example.com/audited", events: ["session.completed"] };

const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

async function withFault(match: RegExp, method: string, path: string, opts: Parameters<typeof api>[2]) {
  const failing = failingD1(env.DB, { match });
  const res = await apiWithEnv({ DB: failing.db }, method, path, opts);
  expect(failing.failed, `no statement matched ${match}`).toHaveLength(1);
  expectErrorEnvelope(res, 500, "DATABASE_ERROR");
  return res;
}

const expectCreated = (res: ApiResponse) => {
  expect(res.status, res.text).toBeLessThan(300);
  return res.body.data;
};

describe("organization webhooks and their audit entries", () => {
  it("create: a failed audit insert leaves no webhook; a failed insert leaves no entry", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const opts = { token: admin.token, headers: asOrg(orgId), body: HOOK };
    await withFault(AUDIT_INSERT, "POST", "/v1/webhooks", opts);
    await withFault(/^\s*INSERT INTO webhooks/, "POST", "/v1/webhooks", opts);
    expect(await count("SELECT COUNT(*) AS n FROM webhooks WHERE organization_id = ?", orgId)).toBe(0);
    expect(await auditActions(orgId)).not.toContain("webhook.created");

    const hook = expectCreated(await api("POST", "/v1/webhooks", opts));
    const entries = await auditActions(orgId);
    expect(entries.filter((a) => a === "webhook.created")).toHaveLength(1);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE target_id = ?", hook.id)).toBe(1);
  });

  it("update and delete: the change and its entry commit together", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const headers = asOrg(orgId);
    const hook = expectCreated(await api("POST", "/v1/webhooks", { token: admin.token, headers, body: HOOK }));
    const path = `/v1/webhooks/${hook.id}`;
    const patch = { token: admin.token, headers, body: { description: "renamed" } };
    await withFault(AUDIT_INSERT, "PUT", path, patch);
    const stored = await env.DB.prepare("SELECT description FROM webhooks WHERE id = ?").bind(hook.id).first();
    expect(stored).toEqual({ description: hook.description });
    await withFault(AUDIT_INSERT, "DELETE", path, { token: admin.token, headers });
    expect(await count("SELECT COUNT(*) AS n FROM webhooks WHERE id = ?", hook.id)).toBe(1);
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["webhook.updated"]));
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["webhook.deleted"]));

    expect((await api("PUT", path, patch)).status).toBe(200);
    expect((await api("DELETE", path, { token: admin.token, headers })).status).toBe(200);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?target_id=${hook.id}`, { token: admin.token });
    expect(log.body.data.entries.map((e: any) => [e.action, e.before?.description, e.after?.description])).toEqual([
      ["webhook.deleted", "renamed", undefined],
      ["webhook.updated", hook.description, "renamed"],
      ["webhook.created", undefined, hook.description],
    ]);
  });
});

describe("organization API keys and their audit entries", () => {
  const KEY = { name: "ci", scopes: ["remote-viewing:read"] };

  it("create, rotate and revoke: a failed audit insert undoes the change", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const headers = asOrg(orgId);
    await withFault(AUDIT_INSERT, "POST", "/v1/api-keys", { token: admin.token, headers, body: KEY });
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE organization_id = ?", orgId)).toBe(0);

    const key = expectCreated(await api("POST", "/v1/api-keys", { token: admin.token, headers, body: KEY }));
    await withFault(AUDIT_INSERT, "POST", `/v1/api-keys/${key.id}/rotate`, { token: admin.token, headers, body: {} });
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE organization_id = ?", orgId)).toBe(1);
    await withFault(AUDIT_INSERT, "DELETE", `/v1/api-keys/${key.id}`, { token: admin.token, headers });
    expect((await api("GET", "/v1/sessions", { apiKey: key.key })).status).toBe(200);
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["api_key.rotated"]));
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["api_key.revoked"]));

    expect((await api("DELETE", `/v1/api-keys/${key.id}`, { token: admin.token, headers })).status).toBe(200);
    // Revoking again changes nothing, so it records nothing.
    expect((await api("DELETE", `/v1/api-keys/${key.id}`, { token: admin.token, headers })).status).toBe(200);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?target_id=${key.id}`, { token: admin.token });
    expect(log.body.data.entries.map((e: any) => e.action)).toEqual(["api_key.revoked", "api_key.created"]);
    expect(log.body.data.entries[0]).toMatchObject({
      before: { name: "ci", scopes: "remote-viewing:read" },
      after: { revoked_at: expect.any(String) },
    });
  });
});

describe("organization sessions and their audit entries", () => {
  it("create: a failed audit insert leaves no session and no debit; a failed insert no entry", async () => {
    const { orgId, member } = await organizationWithTeam();
    const before = (await orgAccount(orgId)).balance;
    const opts = { token: member.token, headers: asOrg(orgId), body: validSession() };
    await withFault(AUDIT_INSERT, "POST", "/v1/sessions", opts);
    await withFault(/^insert into "sessions"/i, "POST", "/v1/sessions", opts);
    expect((await orgAccount(orgId)).balance).toBe(before);
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE organization_id = ?", orgId)).toBe(0);
    expect(await auditActions(orgId)).not.toContain("session.created");

    const s = expectCreated(await api("POST", "/v1/sessions", opts));
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE target_id = ?", s.id)).toBe(1);
  });

  it("cancel: the room commits the entry with the cancellation and its refund, or none of them", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    await topUpOrganization(orgId);
    const s = await heldSession(member.token, {}, asOrg(orgId));
    const afterDebit = (await orgAccount(orgId)).balance;

    // An entry D1 refuses (its id is taken) fails the cancellation's whole batch in the room.
    const taken = await env.DB.prepare("SELECT id FROM audit_log WHERE target_id = ?")
      .bind(s.id)
      .first<{ id: string }>();
    const meta = { requestId: "req-refused", ip: "192.0.2.9" };
    const principal = { userId: owner.id, credential: { kind: "login_token", id: "t" } } as any;
    const refused = {
      ...auditRow(userTestContext(principal), {
        organizationId: orgId,
        meta,
        entry: { action: "session.cancelled", targetType: "session", targetId: s.id },
      }),
      id: taken!.id,
    };
    await runInDurableObject(roomStub(s.id), async (room: SessionRoom) => {
      await expect(room.cancel(refused)).rejects.toThrow(/UNIQUE constraint failed: audit_log.id/);
    });
    const row = await env.DB.prepare("SELECT status FROM sessions WHERE id = ?").bind(s.id).first();
    expect(row).toEqual({ status: "pending" });
    expect((await orgAccount(orgId)).balance).toBe(afterDebit);

    const cancelled = await api("DELETE", `/v1/sessions/${s.id}`, {
      token: owner.token,
      headers: { "x-request-id": "req-cancel", "cf-connecting-ip": "192.0.2.10" },
    });
    expect(cancelled.status).toBe(200);
    expect((await orgAccount(orgId)).balance).toBe(afterDebit + cancelled.body.refund.credits_refunded);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?action=session.cancelled`, {
      token: owner.token,
    });
    expect(log.body.data.entries).toEqual([
      expect.objectContaining({
        actor: {
          user_id: owner.id,
          credential: expect.stringMatching(/^login_token:/),
          username: "tester",
          email: owner.email,
        },
        target: { type: "session", id: s.id },
        before: { status: "pending" },
        after: {
          status: "cancelled",
          credits_refunded: cancelled.body.refund.credits_refunded,
          refund_reason: "cancelled_before_processing",
        },
        request_id: "req-cancel",
        ip: "192.0.2.10",
      }),
    ]);
  });
});

describe("organization purchases and their audit entries", () => {
  it("a failed audit insert credits nothing; a completed purchase has exactly one entry", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const headers = asOrg(orgId);
    const card = await api("POST", "/v1/billing/payment-methods", {
      token: owner.token,
      headers,
      body: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" },
    });
    expect(card.status, card.text).toBe(201);
    const body = { credit_package: "starter", payment_method_id: card.body.data.id, quantity: 1 };
    const before = (await orgAccount(orgId)).balance;
    for (const path of ["/v1/billing/credits/purchase", `/v1/organizations/${orgId}/billing/credits/purchase`]) {
      await withFault(AUDIT_INSERT, "POST", path, { token: owner.token, headers, body });
    }
    expect((await orgAccount(orgId)).balance).toBe(before);
    expect(await auditActions(orgId)).not.toContain("billing.purchase");

    const bought = await api("POST", `/v1/organizations/${orgId}/billing/credits/purchase`, {
      token: owner.token,
      body,
    });
    expect(bought.status, bought.text).toBe(201);
    expect((await orgAccount(orgId)).balance).toBe(before + 100);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?action=billing.purchase`, {
      token: owner.token,
    });
    expect(log.body.data.entries).toHaveLength(1);
    expect(log.body.data.entries[0].after).toMatchObject({
      credit_package: "starter",
      transaction_id: bought.body.data.transaction_id,
      credits: 100,
    });
  });
});

const CARD = { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" };

const planOf = async (orgId: string) =>
  env.DB.prepare(
    "SELECT tier, pending_tier, balance FROM billing_accounts WHERE owner_type = 'organization' AND owner_id = ?",
  )
    .bind(orgId)
    .first<{ tier: string; pending_tier: string | null; balance: number }>();

const paymentMethodsOf = async (orgId: string) =>
  count("SELECT COUNT(*) AS n FROM payment_methods WHERE account_id = ?", (await orgAccount(orgId)).id);

describe("organization payment methods and their audit entries", () => {
  it("add: a failed audit insert saves no card; a failed insert records no entry", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const opts = { token: owner.token, headers: asOrg(orgId), body: CARD };
    await withFault(AUDIT_INSERT, "POST", "/v1/billing/payment-methods", opts);
    await withFault(/^INSERT INTO payment_methods/, "POST", "/v1/billing/payment-methods", opts);
    expect(await paymentMethodsOf(orgId)).toBe(0);
    expect(await auditActions(orgId)).not.toContain("billing.payment_method_added");

    const card = expectCreated(await api("POST", "/v1/billing/payment-methods", opts));
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?target_id=${card.id}`, { token: owner.token });
    expect(log.body.data.entries.map((e: any) => [e.action, e.after])).toEqual([
      ["billing.payment_method_added", { payment_method_id: card.id, brand: card.brand, last_four: "4242" }],
    ]);
  });

  it("a processor payment method saved on first use is saved with its entry, or not at all", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const body = { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 };
    await withFault(AUDIT_INSERT, "POST", "/v1/billing/credits/purchase", {
      token: owner.token,
      headers: asOrg(orgId),
      body,
    });
    expect(await paymentMethodsOf(orgId)).toBe(0);
    expect(await auditActions(orgId)).not.toContain("billing.payment_method_added");
  });
});

describe("organization plan changes and their audit entries", () => {
  it("upgrade and downgrade: a failure of the change or of its entry leaves neither", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const headers = asOrg(orgId);
    const card = expectCreated(
      await api("POST", "/v1/billing/payment-methods", { token: owner.token, headers, body: CARD }),
    );
    const upgrade = {
      token: owner.token,
      headers,
      body: { tier: "professional", payment_method_id: card.id },
    };
    const initial = await planOf(orgId);
    expect(initial).toMatchObject({ tier: "basic", pending_tier: null });
    await withFault(AUDIT_INSERT, "PUT", "/v1/billing/plan", upgrade);
    await withFault(/^\s*UPDATE billing_accounts SET tier/, "PUT", "/v1/billing/plan", upgrade);
    expect(await planOf(orgId)).toEqual(initial);
    expect(await auditActions(orgId)).not.toContain("billing.plan_changed");

    expect((await api("PUT", "/v1/billing/plan", upgrade)).status).toBe(200);
    const downgrade = { token: owner.token, headers, body: { tier: "basic" } };
    await withFault(AUDIT_INSERT, "PUT", "/v1/billing/plan", downgrade);
    await withFault(/^UPDATE billing_accounts SET pending_tier/, "PUT", "/v1/billing/plan", downgrade);
    expect(await planOf(orgId)).toMatchObject({ tier: "professional", pending_tier: null });

    expect((await api("PUT", "/v1/billing/plan", downgrade)).status).toBe(200);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?action=billing.plan_changed`, {
      token: owner.token,
    });
    expect(log.body.data.entries.map((e: any) => [e.before, e.after])).toEqual([
      [
        { tier: "professional", pending_tier: null },
        { tier: "professional", pending_tier: "basic" },
      ],
      [
        { tier: "basic", pending_tier: null },
        { tier: "professional", pending_tier: null },
      ],
    ]);
  });
});

describe("organization SSO domains and their audit entries", () => {
  it("add and verify: the domain change and its entry commit together", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const path = `/v1/organizations/${orgId}/sso/domains`;
    const add = { token: owner.token, body: { domain: "audited.example.com" } };
    await withFault(AUDIT_INSERT, "POST", path, add);
    await withFault(/^INSERT INTO sso_domains/, "POST", path, add);
    expect(await count("SELECT COUNT(*) AS n FROM sso_domains WHERE organization_id = ?", orgId)).toBe(0);
    expect(await auditActions(orgId)).not.toContain("sso.domain_added");

    const domain = expectCreated(await api("POST", path, add));
    await withFault(AUDIT_INSERT, "POST", `${path}/${domain.id}/verify`, { token: owner.token });
    expect(
      await count("SELECT COUNT(*) AS n FROM sso_domains WHERE verified_at IS NOT NULL AND id = ?", domain.id),
    ).toBe(0);
    expect((await api("POST", `${path}/${domain.id}/verify`, { token: owner.token })).status).toBe(200);
    // Verifying a verified domain changes nothing, so it records nothing.
    expect((await api("POST", `${path}/${domain.id}/verify`, { token: owner.token })).status).toBe(200);
    const log = await api("GET", `/v1/organizations/${orgId}/audit-log?target_id=${domain.id}`, {
      token: owner.token,
    });
    expect(log.body.data.entries.map((e: any) => [e.action, e.after])).toEqual([
      ["sso.domain_verified", { domain: "audited.example.com" }],
      ["sso.domain_added", { domain: "audited.example.com" }],
    ]);
  });
});
