import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findSession } from "../../../src/db/sessions";
import { terminalEvents } from "../../../src/durable-objects/session-room/events";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import {
  asOrg,
  auditActions,
  openLive,
  orgAccount,
  organizationWithTeam,
  topUpOrganization,
} from "../../support/organizations";
import { balance, heldSession, validSession } from "../../support/sessions";

const URL_OK = "https://hooks.example.com/org";

async function orgSession(token: string, orgId: string, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/sessions", { token, headers: asOrg(orgId), body: validSession(overrides) });
  if (res.status !== 201) throw new Error(`org session failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; credits_required: number };
}

describe("organization sessions", () => {
  it("debit the organization's pool, not the member's; every member reads them; others get 404", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const before = (await orgAccount(orgId)).balance;
    const personal = await balance(member.token);
    const s = await orgSession(member.token, orgId);
    expect((await orgAccount(orgId)).balance).toBe(before - s.credits_required);
    expect(await balance(member.token)).toBe(personal);

    const read = await api("GET", `/v1/sessions/${s.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    const listed = await api("GET", "/v1/sessions", { token: owner.token, headers: asOrg(orgId) });
    expect(listed.body.data.sessions.map((x: any) => x.id)).toEqual([s.id]);
    expect(listed.body.data.pagination.total).toBe(1);
    // The creator's personal list stays personal.
    const mine = await api("GET", "/v1/sessions", { token: member.token });
    expect(mine.body.data.sessions.map((x: any) => x.id)).not.toContain(s.id);

    const stranger = await registerUser();
    expectErrorEnvelope(await api("GET", `/v1/sessions/${s.id}`, { token: stranger.token }), 404, "SESSION_NOT_FOUND");
    expect(await auditActions(orgId)).toContain("session.created");
  });

  it("count against the organization's pool: an empty pool refuses, whatever the member's own balance", async () => {
    const { orgId, member } = await organizationWithTeam();
    const long = validSession({ parameters: { duration: 3600 } });
    const first = await api("POST", "/v1/sessions", { token: member.token, headers: asOrg(orgId), body: long });
    expect(first.status).toBe(201);
    const { balance: left } = await orgAccount(orgId);
    expect(left).toBeLessThan(first.body.data.credits_required);
    const second = await api("POST", "/v1/sessions", { token: member.token, headers: asOrg(orgId), body: long });
    const err = expectErrorEnvelope(second, 409, "INSUFFICIENT_CREDITS");
    expect(err.details.available).toBe(left);
    expect((await api("POST", "/v1/sessions", { token: member.token, body: validSession() })).status).toBe(201);
  });

  it("removing a member closes their sockets on the organization's sessions and ends their reads", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    await topUpOrganization(orgId);
    const s = await heldSession(owner.token, {}, asOrg(orgId));
    const live = await openLive(s.id, member.token);
    const ownerLive = await openLive(s.id, owner.token);
    const removed = await api("DELETE", `/v1/organizations/${orgId}/members/${member.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect((await live.closed).code).toBe(1008);
    expectErrorEnvelope(await api("GET", `/v1/sessions/${s.id}`, { token: member.token }), 404, "SESSION_NOT_FOUND");
    // The owner's socket is untouched.
    ownerLive.ws.send("snapshot");
    await expect.poll(() => ownerLive.messages.length).toBeGreaterThanOrEqual(2);
    ownerLive.ws.close(1000, "done");
  });
});

describe("organization webhooks", () => {
  it("admins create them for the organization; members may not; personal lists stay personal", async () => {
    const { orgId, admin, member } = await organizationWithTeam();
    const res = await api("POST", "/v1/webhooks", {
      token: admin.token,
      headers: asOrg(orgId),
      body: { url: URL_OK, events: ["session.completed"] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.organization_id).toBe(orgId);
    expectErrorEnvelope(
      await api("POST", "/v1/webhooks", {
        token: member.token,
        headers: asOrg(orgId),
        body: { url: URL_OK, events: ["session.completed"] },
      }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    expect((await api("GET", "/v1/webhooks", { token: admin.token })).body.data.webhooks).toEqual([]);
    const orgList = await api("GET", "/v1/webhooks", { token: admin.token, headers: asOrg(orgId) });
    expect(orgList.body.data.webhooks.map((w: any) => w.id)).toEqual([res.body.data.id]);
    expectErrorEnvelope(
      await api("GET", `/v1/webhooks/${res.body.data.id}`, { token: admin.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    const del = await api("DELETE", `/v1/webhooks/${res.body.data.id}`, { token: admin.token, headers: asOrg(orgId) });
    expect(del.status).toBe(200);
    expect(await auditActions(orgId)).toEqual(expect.arrayContaining(["webhook.created", "webhook.deleted"]));
  });

  it("an organization's session events are addressed to the organization", async () => {
    const { orgId, member } = await organizationWithTeam();
    const s = await orgSession(member.token, orgId);
    const row = await env.DB.prepare("SELECT organization_id FROM sessions WHERE id = ?").bind(s.id).first();
    expect(row).toEqual({ organization_id: orgId });
    const full = await findSession(env.DB, s.id);
    const events = await terminalEvents({
      row: { ...full!, status: "failed", endReason: "AI_MODEL_ERROR" },
      content: null,
    });
    expect(events[0]!.user_id).toBe(orgId);
  });
});

describe("organization API keys", () => {
  it("act for the organization, debit its pool, and keep working after their creator leaves", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const created = await api("POST", "/v1/api-keys", {
      token: admin.token,
      headers: asOrg(orgId),
      body: { name: "ci", scopes: ["remote-viewing:read", "remote-viewing:write"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.organization_id).toBe(orgId);
    const key = created.body.data.key as string;
    expect((await api("GET", "/v1/api-keys", { token: admin.token })).body.data.keys ?? []).not.toContainEqual(
      expect.objectContaining({ id: created.body.data.id }),
    );

    expect((await api("POST", `/v1/organizations/${orgId}/leave`, { token: admin.token })).status).toBe(200);
    const before = (await orgAccount(orgId)).balance;
    const s = await api("POST", "/v1/sessions", { apiKey: key, body: validSession() });
    expect(s.status).toBe(201);
    expect((await orgAccount(orgId)).balance).toBe(before - s.body.data.credits_required);
    expect((await api("GET", `/v1/sessions/${s.body.data.id}`, { token: owner.token })).status).toBe(200);
    // It reaches only its organization, and administers nothing.
    expectErrorEnvelope(
      await api("GET", "/v1/users/me", { apiKey: key, headers: asOrg("org_1000000000000000000") }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await auditActions(orgId)).toContain("api_key.created");
  });

  it("members cannot create organization keys; deleting the organization revokes them", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", {
        token: member.token,
        headers: asOrg(orgId),
        body: { name: "x", scopes: ["remote-viewing:read"] },
      }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    const key = (
      await api("POST", "/v1/api-keys", {
        token: owner.token,
        headers: asOrg(orgId),
        body: { name: "x", scopes: ["remote-viewing:read"] },
      })
    ).body.data.key;
    expect((await api("GET", "/v1/sessions", { apiKey: key })).status).toBe(200);
    expect((await api("DELETE", `/v1/organizations/${orgId}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", "/v1/sessions", { apiKey: key })).status).toBe(404);
  });
});

describe("organization billing", () => {
  it("owners see the organization's record; admins and members do not, on either route", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const res = await api("GET", `/v1/organizations/${orgId}/billing`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.tier).toBe("basic");
    const viaHeader = await api("GET", "/v1/billing", { token: owner.token, headers: asOrg(orgId) });
    expect(viaHeader.status).toBe(200);
    for (const u of [admin, member]) {
      expectErrorEnvelope(
        await api("GET", `/v1/organizations/${orgId}/billing`, { token: u.token }),
        403,
        "ORGANIZATION_ROLE_REQUIRED",
      );
      expectErrorEnvelope(
        await api("GET", "/v1/billing", { token: u.token, headers: asOrg(orgId) }),
        403,
        "ORGANIZATION_ROLE_REQUIRED",
      );
    }
  });

  it("owners change the organization's plan with the same billing code; the org's limits follow, the owner's do not", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const before = await orgAccount(orgId);
    const res = await api("PUT", "/v1/billing/plan", {
      token: owner.token,
      headers: asOrg(orgId),
      body: { tier: "professional", payment_method_id: "pm_card_visa" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.billing).toMatchObject({ tier: "professional", monthly_fee: 49 });
    const record = await api("GET", `/v1/organizations/${orgId}/billing`, { token: owner.token });
    expect(record.body.data.tier).toBe("professional");
    expect((await orgAccount(orgId)).balance).toBeGreaterThan(before.balance);
    // Acting for the organization, the professional plan's rate limit applies; personally, basic's.
    const asOrgRead = await api("GET", "/v1/sessions", { token: owner.token, headers: asOrg(orgId) });
    expect(asOrgRead.headers.get("RateLimit-Policy")).toContain("q=1000;");
    const personal = await api("GET", "/v1/users/me", { token: owner.token });
    expect(personal.body.data.tier).toBe("basic");
    expectErrorEnvelope(
      await api("PUT", "/v1/billing/plan", {
        token: admin.token,
        headers: asOrg(orgId),
        body: { tier: "enterprise", payment_method_id: "pm_card_visa" },
      }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    expect(await auditActions(orgId)).toContain("billing.plan_changed");
  });
});
