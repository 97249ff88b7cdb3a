import { describe, expect, it } from "vitest";
import { adminUser, registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { clientCredentialsToken, createClient } from "../support/oauth";
import { organizationWithTeam } from "../support/organizations";
import { mintToken } from "../support/tokens";

/**
 * API5:2023 Broken Function Level Authorization.
 * Attacks: a regular user calls the admin functions with their login token,
 * a token carrying admin scopes but the user role (as a misissued or
 * narrowed-then-widened credential would), an API key, an
 * OAuth client_credentials token; an admin's credential without the admin
 * scope; an API key minting API keys or OAuth clients (privilege expansion).
 * Expected: 403 INSUFFICIENT_PERMISSIONS; admins with the scope get 200.
 * More in test/routes/admin/ (a file per operation) and test/routes/scope-matrix.test.ts.
 */
const ADMIN_ROUTES = ["/v1/admin/system/status", "/v1/admin/analytics/users"];

describe("API5 broken function level authorization", async () => {
  const user = await registerUser();
  const admin = await adminUser();

  it.each(ADMIN_ROUTES)("%s: a non-admin's login token → 403", async (path) => {
    expectErrorEnvelope(await api("GET", path, { token: user.token }), 403, "INSUFFICIENT_PERMISSIONS");
  });

  it.each(ADMIN_ROUTES)("%s: a non-admin's hand-made token with every admin scope → 403", async (path) => {
    const token = await mintToken(user.id, {
      scopes: ["remote-viewing:admin", "dowsing:admin", "analytics:admin"],
      ttl: 600,
    });
    expectErrorEnvelope(await api("GET", path, { token }), 403, "INSUFFICIENT_PERMISSIONS");
  });

  it.each(ADMIN_ROUTES)("%s: a non-admin's API key and OAuth client token → 403", async (path) => {
    const key = (
      await api("POST", "/v1/api-keys", {
        token: user.token,
        body: { name: "k", scopes: ["profile", "analytics:read"] },
      })
    ).body.data.key;
    expectErrorEnvelope(await api("GET", path, { apiKey: key }), 403, "INSUFFICIENT_PERMISSIONS");
    const client = await createClient(user.token, { grant_types: ["client_credentials"] });
    const { access_token } = await clientCredentialsToken(client);
    expectErrorEnvelope(await api("GET", path, { token: access_token }), 403, "INSUFFICIENT_PERMISSIONS");
  });

  it("a non-admin cannot create an API key or OAuth client with admin scopes", async () => {
    expect(
      (await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["analytics:admin"] } }))
        .status,
    ).toBe(403);
    expect(
      (
        await api("POST", "/v1/oauth/clients", {
          token: user.token,
          body: {
            name: "c",
            client_type: "confidential",
            redirect_uris: ["https://app.example/cb"],
            grant_types: ["client_credentials"],
            scopes: ["analytics:admin"],
          },
        })
      ).status,
    ).toBe(403);
  });

  it("an admin's credential without the admin scope → 403; with it → 200", async () => {
    const noScope = await mintToken(admin.id, { scopes: ["profile", "analytics:read"], ttl: 600, role: "admin" });
    for (const path of ADMIN_ROUTES)
      expectErrorEnvelope(await api("GET", path, { token: noScope }), 403, "INSUFFICIENT_PERMISSIONS");
    for (const path of ADMIN_ROUTES) expect((await api("GET", path, { token: admin.token })).status).toBe(200);
    const key = (
      await api("POST", "/v1/api-keys", { token: admin.token, body: { name: "ops", scopes: ["analytics:admin"] } })
    ).body.data.key;
    expect((await api("GET", "/v1/admin/analytics/users", { apiKey: key })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/admin/system/status", { apiKey: key }), 403, "INSUFFICIENT_PERMISSIONS");
  });

  it("an API key cannot mint API keys or OAuth clients (no privilege expansion through a leaked key)", async () => {
    const key = (await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } }))
      .body.data.key;
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", { apiKey: key, body: { name: "child", scopes: ["profile"] } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", {
        apiKey: key,
        body: {
          name: "c",
          client_type: "confidential",
          redirect_uris: ["https://app.example/cb"],
          grant_types: ["client_credentials"],
          scopes: ["profile"],
        },
      }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});

describe("API5 in organizations: each role reaches only its functions", async () => {
  const { orgId, owner, admin, member } = await organizationWithTeam();
  const org = `/v1/organizations/${orgId}`;
  const ADMIN_FUNCTIONS: Array<[string, string, unknown?]> = [
    ["PUT", org, { name: "x" }],
    ["PUT", `${org}/members/${admin.id}`, { role: "member" }],
    ["DELETE", `${org}/members/${admin.id}`],
    ["POST", `${org}/invitations`, { email: "new@example.com" }],
    ["GET", `${org}/invitations`],
    ["GET", `${org}/audit-log`],
    ["GET", `${org}/mail-outbox`],
    ["POST", "/v1/webhooks", { url: "https://hooks.example.com/x", events: ["session.completed"] }],
    ["GET", "/v1/webhooks"],
    ["GET", "/v1/api-keys"],
  ];
  const OWNER_FUNCTIONS: Array<[string, string, unknown?]> = [
    ["DELETE", org],
    ["POST", `${org}/transfer-ownership`, { user_id: member.id }],
    ["PUT", `${org}/members/${member.id}`, { role: "owner" }],
    ["POST", `${org}/invitations`, { email: "boss@example.com", role: "owner" }],
    ["GET", `${org}/billing`],
    ["GET", "/v1/billing"],
  ];
  const call = (token: string, [method, path, body]: [string, string, unknown?]) =>
    api(method, path, { token, headers: { "X-Organization-Id": orgId }, ...(body ? { body } : {}) });

  it("a member calling admin or owner functions → 403 ORGANIZATION_ROLE_REQUIRED", async () => {
    for (const f of [...ADMIN_FUNCTIONS, ...OWNER_FUNCTIONS]) {
      expectErrorEnvelope(await call(member.token, f), 403, "ORGANIZATION_ROLE_REQUIRED");
    }
  });

  it("an admin calling owner functions → 403; the owner may", async () => {
    for (const f of OWNER_FUNCTIONS) expectErrorEnvelope(await call(admin.token, f), 403, "ORGANIZATION_ROLE_REQUIRED");
    expect((await call(owner.token, ["GET", `${org}/billing`])).status).toBe(200);
  });

  it("an organization API key administers nothing, whoever created it", async () => {
    const key = (
      await call(owner.token, [
        "POST",
        "/v1/api-keys",
        { name: "svc", scopes: ["organizations:read", "organizations:write", "profile"] },
      ])
    ).body.data.key as string;
    for (const [method, path, body] of [...ADMIN_FUNCTIONS, ...OWNER_FUNCTIONS]) {
      const res = await api(method, path, { apiKey: key, ...(body ? { body } : {}) });
      expect([403], `${method} ${path}: ${res.text.slice(0, 120)}`).toContain(res.status);
    }
    expectErrorEnvelope(
      await api("POST", "/v1/organizations", { apiKey: key, body: { name: "spawned" } }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
  });
});
