import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { asOrg, invite, organizationWithTeam, topUpOrganization } from "../support/organizations";
import { receiverBucket } from "../support/receiver";
import { validSession } from "../support/sessions";
import { estate, wsUpgrade } from "./support";

/**
 * API1:2023 Broken Object Level Authorization.
 * Attack: user B takes user A's resource ids (which leak through logs, URLs,
 * support tickets) and calls every route that takes an id, with B's own valid
 * credential carrying every scope the route needs.
 * Expected: 404 (SESSION_NOT_FOUND / RESOURCE_NOT_FOUND) exactly as for an id
 * that does not exist — never 403 (which would confirm the id exists), never
 * A's data, and A's resource is untouched afterwards.
 * Defence: every query is scoped `WHERE id = ? AND user_id = ?` in src/db.
 */
describe("API1 BOLA: another user's object ids are 404 on every resource route", async () => {
  const a = await estate();
  const b = await registerUser();

  const attempts: Array<[string, string, string, unknown?]> = [
    // Sessions and their sub-resources
    ["GET", `/v1/sessions/${a.sessionId}`, "SESSION_NOT_FOUND"],
    ["PUT", `/v1/sessions/${a.sessionId}`, "SESSION_NOT_FOUND", { parameters: { priority: "high" } }],
    ["DELETE", `/v1/sessions/${a.sessionId}`, "SESSION_NOT_FOUND"],
    ["GET", `/v1/sessions/${a.sessionId}/analysis`, "SESSION_NOT_FOUND"],
    ["GET", `/v1/sessions/${a.sessionId}/analysis/history`, "SESSION_NOT_FOUND"],
    // Webhooks and their deliveries
    ["GET", `/v1/webhooks/${a.webhookId}`, "RESOURCE_NOT_FOUND"],
    ["PUT", `/v1/webhooks/${a.webhookId}`, "RESOURCE_NOT_FOUND", { active: false }],
    ["DELETE", `/v1/webhooks/${a.webhookId}`, "RESOURCE_NOT_FOUND"],
    ["GET", `/v1/webhooks/${a.webhookId}/deliveries`, "RESOURCE_NOT_FOUND"],
    ["POST", `/v1/webhooks/${a.webhookId}/test`, "RESOURCE_NOT_FOUND"],
    ["POST", `/v1/webhooks/${a.webhookId}/deliveries/${a.deliveryId}/replay`, "RESOURCE_NOT_FOUND"],
    // Payment methods: paying with A's card
    [
      "POST",
      "/v1/billing/credits/purchase",
      "RESOURCE_NOT_FOUND",
      { credit_package: "starter", payment_method_id: a.paymentMethodId },
    ],
    // API keys
    ["DELETE", `/v1/api-keys/${a.apiKeyId}`, "RESOURCE_NOT_FOUND"],
    ["POST", `/v1/api-keys/${a.apiKeyId}/rotate`, "RESOURCE_NOT_FOUND", {}],
    // OAuth clients
    ["GET", `/v1/oauth/clients/${a.clientId}`, "RESOURCE_NOT_FOUND"],
    ["DELETE", `/v1/oauth/clients/${a.clientId}`, "RESOURCE_NOT_FOUND"],
  ];

  it.each(attempts)("%s %s → 404 %s, nothing of A's in the answer", async (method, path, code, body) => {
    const res = await api(method, path, { token: b.token, ...(body === undefined ? {} : { body }) });
    expectErrorEnvelope(res, 404, code);
    for (const secretish of [a.cue, a.webhookSecret, a.apiKey, a.clientSecret, a.user.email, a.user.id])
      expect(res.text).not.toContain(secretish);
  });

  it("an unknown id of the same shape gets the same answer (no existence oracle)", async () => {
    const foreign = await api("GET", `/v1/sessions/${a.sessionId}`, { token: b.token });
    const unknown = await api("GET", "/v1/sessions/session_1000000000000000001", { token: b.token });
    expect(unknown.status).toBe(foreign.status);
    expect(unknown.body.error.code).toBe(foreign.body.error.code);
    expect(unknown.body.error.message).toBe(foreign.body.error.message);
    const foreignHook = await api("GET", `/v1/webhooks/${a.webhookId}`, { token: b.token });
    const unknownHook = await api("GET", "/v1/webhooks/webhook_1000000000000000001", { token: b.token });
    expect([unknownHook.status, unknownHook.body.error.message]).toEqual([
      foreignHook.status,
      foreignHook.body.error.message,
    ]);
  });

  it("A's own replay target cannot be reached through B's webhook either", async () => {
    const mine = await api("POST", "/v1/webhooks", {
      token: b.token,
      body: { url: receiverBucket().url(), events: ["session.completed"] },
    });
    expect(mine.status).toBe(201);
    expectErrorEnvelope(
      await api("POST", `/v1/webhooks/${mine.body.data.id}/deliveries/${a.deliveryId}/replay`, { token: b.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });

  it("the WebSocket of A's session refuses B before the upgrade with 404", async () => {
    const res = await wsUpgrade(a.sessionId, b.token);
    expect(res.status).toBe(404);
    expect(res.webSocket).toBeNull();
    expect(res.body.error.code).toBe("SESSION_NOT_FOUND");
  });

  it("B's lists never show A's objects", async () => {
    for (const path of [
      "/v1/sessions",
      "/v1/webhooks",
      "/v1/api-keys",
      "/v1/oauth/clients",
      "/v1/billing/payment-methods",
      "/v1/billing/history",
    ]) {
      const res = await api("GET", path, { token: b.token });
      expect(res.status, path).toBe(200);
      for (const id of [a.sessionId, a.webhookId, a.apiKeyId, a.clientId, a.paymentMethodId, a.cue])
        expect(res.text, path).not.toContain(id);
    }
  });

  it("after all of B's attempts A's objects are intact", async () => {
    const t = a.user.token;
    expect((await api("GET", `/v1/sessions/${a.sessionId}`, { token: t })).body.data).toMatchObject({
      status: "pending",
      parameters: { priority: "normal" },
    });
    expect((await api("GET", `/v1/webhooks/${a.webhookId}`, { token: t })).body.data.active).toBe(true);
    expect((await api("GET", "/v1/users/me", { apiKey: a.apiKey })).status).toBe(200);
    expect((await api("GET", `/v1/oauth/clients/${a.clientId}`, { token: t })).status).toBe(200);
    expect((await api("GET", "/v1/api-keys", { token: t })).text).toContain(a.apiKeyId);
    expect((await api("GET", `/v1/webhooks/${a.webhookId}/deliveries`, { token: t })).text).toContain(a.deliveryId);
  });
});

describe("API1 BOLA: another organization's ids are 404, with or without X-Organization-Id", async () => {
  const a = await organizationWithTeam();
  await topUpOrganization(a.orgId);
  const orgSession = await api("POST", "/v1/sessions", {
    token: a.owner.token,
    headers: asOrg(a.orgId),
    body: validSession(),
  });
  const orgWebhook = await api("POST", "/v1/webhooks", {
    token: a.owner.token,
    headers: asOrg(a.orgId),
    body: { url: "https://hooks.example.com/a", events: ["session.completed"] },
  });
  const orgKey = await api("POST", "/v1/api-keys", {
    token: a.owner.token,
    headers: asOrg(a.orgId),
    body: { name: "a", scopes: ["remote-viewing:read"] },
  });
  const inv = (await invite(a.owner, a.orgId, "someone@example.com")).body.data;
  // B owns an organization of their own: a real member elsewhere, with every scope.
  const b = await organizationWithTeam();
  const sessionId = orgSession.body.data.id as string;
  const webhookId = orgWebhook.body.data.id as string;
  const keyId = orgKey.body.data.id as string;

  it.each([
    ["GET", `/v1/organizations/${a.orgId}`],
    ["GET", `/v1/organizations/${a.orgId}/members`],
    ["PUT", `/v1/organizations/${a.orgId}/members/${a.member.id}`, { role: "admin" }],
    ["DELETE", `/v1/organizations/${a.orgId}/members/${a.member.id}`],
    ["DELETE", `/v1/organizations/${a.orgId}/invitations/${inv.id}`],
    ["GET", `/v1/organizations/${a.orgId}/audit-log`],
    ["GET", `/v1/organizations/${a.orgId}/billing`],
  ])("%s %s → 404 RESOURCE_NOT_FOUND", async (method, path, body?) => {
    expectErrorEnvelope(
      await api(method, path, { token: b.owner.token, ...(body ? { body } : {}) }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });

  it("A's organization session, webhook and key are unreachable to B in B's own organization and personally", async () => {
    for (const headers of [{}, asOrg(b.orgId)]) {
      const opts = { token: b.owner.token, headers };
      expectErrorEnvelope(await api("GET", `/v1/sessions/${sessionId}`, opts), 404, "SESSION_NOT_FOUND");
      expectErrorEnvelope(await api("DELETE", `/v1/sessions/${sessionId}`, opts), 404, "SESSION_NOT_FOUND");
      expectErrorEnvelope(await api("GET", `/v1/webhooks/${webhookId}`, opts), 404, "RESOURCE_NOT_FOUND");
      expectErrorEnvelope(await api("DELETE", `/v1/webhooks/${webhookId}`, opts), 404, "RESOURCE_NOT_FOUND");
      expectErrorEnvelope(await api("DELETE", `/v1/api-keys/${keyId}`, opts), 404, "RESOURCE_NOT_FOUND");
    }
    expect((await wsUpgrade(sessionId, b.owner.token)).status).toBe(404);
  });

  it("naming A's organization in X-Organization-Id is a 404 on any route", async () => {
    for (const path of ["/v1/sessions", "/v1/webhooks", "/v1/api-keys", "/v1/users/me", "/v1/billing"]) {
      expectErrorEnvelope(
        await api("GET", path, { token: b.owner.token, headers: asOrg(a.orgId) }),
        404,
        "RESOURCE_NOT_FOUND",
      );
    }
    // A's own organization key cannot be pointed at B's organization either.
    expectErrorEnvelope(
      await api("GET", "/v1/sessions", { apiKey: orgKey.body.data.key, headers: asOrg(b.orgId) }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await api("GET", `/v1/sessions/${sessionId}`, { token: a.member.token })).status).toBe(200);
  });
});
