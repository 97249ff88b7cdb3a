/**
 * An organization's identity connections are the organization's security (docs/security.md "The
 * account holder", issue 48): creating, rotating and revoking a SCIM connection's bearer token, and
 * creating, changing and deleting its SAML, OIDC and LDAP connections, is done by an owner or admin
 * signed in, never by an API key (with every scope) or a third-party OAuth client's token, whatever it
 * carries. Each attack is refused with the catalogue's code and nothing issued: no token minted or
 * rotated (the old one still provisions), no connection created, changed or deleted, nothing audited.
 * The same operations are in the account-security matrix (account-security-matrix.test.ts), which
 * tries every credential kind against accounts with and without a second factor.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { USER_SCOPES } from "../../src/domain/identity/scopes";
import { sha256Hex } from "../../src/lib/crypto";
import { registerUser, type TestUser } from "../support/factories";
import { api } from "../support/http";
import { approvedAccessToken, createClient } from "../support/oauth";
import { servedOpenApiDocument } from "../support/openapi";
import { addMember, createOrganization } from "../support/organizations";
import { createScimConnection, type ScimConnection, scim } from "../support/scim";
import { ldapConnectionBody, samlConnectionBody } from "../support/sso-fixtures";

const keys = inject("samlKeys");
const ldap = inject("ldap");

const samlBody = (name: string) => samlConnectionBody(keys.idp.cert, name);
const oidcBody = (name: string) => ({
  kind: "oidc",
  name,
  enforced: false,
  oidc: { issuer: "https://login.planted.example", client_id: "planted" },
  client_secret: "planted-client-secret",
});

/**
 * An OIDC connection as the API stores one. Made in D1 directly: creating one discovers its issuer
 * over the network, which only the e2e suite has (test/e2e/sso-oidc.e2e.test.ts); what is tried here
 * is refused before any of its settings are read.
 */
async function storedOidcConnection(orgId: string): Promise<string> {
  const id = `sso_${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const at = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO sso_connections (id, organization_id, kind, name, config, secret_sealed, enforced, created_at, updated_at) VALUES (?, ?, 'oidc', 'Entra ID', ?, 'sealed', 0, ?, ?)",
  )
    .bind(id, orgId, JSON.stringify({ issuer: "https://login.corp.example", client_id: "corp" }), at, at)
    .run();
  return id;
}

const rows = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .all()
  ).results;

/** Everything the operations could issue or change for the organization, and what its audit log says was done. */
async function connectionState(orgId: string) {
  return {
    scim: await rows(
      "SELECT id, name, token_hash, token_prefix, group_roles, default_role, rotated_at, revoked_at FROM scim_connections WHERE organization_id = ? ORDER BY id",
      orgId,
    ),
    sso: await rows(
      "SELECT id, kind, name, config, secret_sealed, enforced, updated_at FROM sso_connections WHERE organization_id = ? ORDER BY id",
      orgId,
    ),
    audit: await rows("SELECT action, target_id FROM audit_log WHERE organization_id = ? ORDER BY rowid", orgId),
  };
}

interface Operation {
  name: string;
  operationId: string;
  method: string;
  path: string;
  body?: unknown;
}

describe("identity connections' secrets: only an owner or admin signed in", () => {
  let owner: TestUser;
  let orgId: string;
  let scimConnection: ScimConnection;
  let operations: Operation[];
  let attackers: { kind: string; headers: Record<string, string> }[];

  beforeAll(async () => {
    // Enterprise's rate limit: the file makes more calls in a minute than basic's allows.
    owner = await registerUser({ tier: "enterprise" });
    orgId = await createOrganization(owner);
    scimConnection = await createScimConnection(owner, orgId);
    const saml = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
      token: owner.token,
      body: samlBody("Okta"),
    });
    expect(saml.status, saml.text).toBe(201);
    const directory = await api("POST", `/v1/organizations/${orgId}/sso/connections`, {
      token: owner.token,
      body: ldapConnectionBody(ldap.plainUrl, "service-secret"),
    });
    expect(directory.status, directory.text).toBe(201);
    const oidcId = await storedOidcConnection(orgId);

    const org = `/v1/organizations/${orgId}`;
    const scimPath = `${org}/scim/connections/${scimConnection.id}`;
    const sso = (id: string) => `${org}/sso/connections/${id}`;
    operations = [
      {
        name: "create a SCIM connection",
        operationId: "createScimConnection",
        method: "POST",
        path: `${org}/scim/connections`,
        body: { name: "Planted", group_roles: { Everyone: "admin" } },
      },
      { name: "rotate the SCIM token", operationId: "rotateScimToken", method: "POST", path: `${scimPath}/rotate` },
      { name: "revoke the SCIM connection", operationId: "revokeScimConnection", method: "DELETE", path: scimPath },
      ...[
        ["SAML", samlBody("Planted SAML")],
        ["LDAP", { ...ldapConnectionBody(ldap.plainUrl, "planted"), name: "Planted LDAP" }],
        ["OIDC", oidcBody("Planted OIDC")],
      ].map(([kind, body]) => ({
        name: `create a ${kind} connection`,
        operationId: "createSsoConnection",
        method: "POST",
        path: `${org}/sso/connections`,
        body,
      })),
      ...(
        [
          ["SAML", saml.body.data.id, { name: "Planted", enforced: true, add_certificates: [keys.attacker.cert] }],
          ["LDAP", directory.body.data.id, { service_password: "planted" }],
          ["OIDC", oidcId, { client_secret: "planted", enforced: true }],
        ] as const
      ).flatMap(([kind, id, changes]) => [
        {
          name: `change the ${kind} connection`,
          operationId: "updateSsoConnection",
          method: "PATCH",
          path: sso(id),
          body: changes,
        },
        { name: `delete the ${kind} connection`, operationId: "deleteSsoConnection", method: "DELETE", path: sso(id) },
      ]),
    ];

    const key = await api("POST", "/v1/api-keys", {
      token: owner.token,
      body: { name: "everything", scopes: USER_SCOPES },
    });
    expect(key.status, key.text).toBe(201);
    const vendor = await registerUser();
    const scopes = ["profile", "organizations:read", "organizations:write"];
    const publicClient = await createClient(vendor.token, {
      client_type: "public",
      grant_types: ["authorization_code"],
      scopes,
    });
    const confidentialClient = await createClient(vendor.token, { grant_types: ["authorization_code"], scopes });
    // The owner grants the vendor the organization scopes, so the refusals are the rule's, not a scope's.
    const thirdPartyToken = async (client: typeof publicClient) => {
      const granted = await approvedAccessToken(owner, client, { scope: scopes.join(" ") });
      expect(granted.scope.split(" ")).toContain("organizations:write");
      return granted.token;
    };
    attackers = [
      { kind: "the owner's API key with every scope", headers: { "x-api-key": key.body.data.key } },
      {
        kind: "a third-party public client's token",
        headers: { authorization: `Bearer ${await thirdPartyToken(publicClient)}` },
      },
      {
        kind: "a third-party confidential client's token",
        headers: { authorization: `Bearer ${await thirdPartyToken(confidentialClient)}` },
      },
    ];
  }, 120_000);

  it("an API key or a third-party OAuth token is refused 403 sign_in_required, and nothing is issued, changed or audited", async () => {
    const before = await connectionState(orgId);
    expect(before.scim).toHaveLength(1);
    expect(before.sso).toHaveLength(3);
    const failures: string[] = [];
    for (const attacker of attackers) {
      for (const op of operations) {
        const res = await api(op.method, op.path, {
          headers: attacker.headers,
          ...(op.body === undefined ? {} : { body: op.body }),
        });
        const err = res.body?.error;
        if (
          res.status !== 403 ||
          err?.code !== "INSUFFICIENT_PERMISSIONS" ||
          err?.details?.reason !== "sign_in_required"
        )
          failures.push(`${op.name} with ${attacker.kind}: ${res.status} ${res.text.slice(0, 160)}`);
        // Nothing issued: no token in the answer.
        if (res.body?.data !== undefined) failures.push(`${op.name} with ${attacker.kind} answered data`);
        expect(await connectionState(orgId), `${op.name} with ${attacker.kind}`).toEqual(before);
      }
    }
    expect(failures).toEqual([]);

    // The token the IdP holds still provisions, and it is the only one the connection has.
    expect((await scim(scimConnection, "GET", "/Users")).status).toBe(200);
    const [row] = (await connectionState(orgId)).scim as { token_hash: string }[];
    expect(row!.token_hash).toBe(await sha256Hex(scimConnection.token));
  });

  it("the document lists the refusals a member meets: 403 ORGANIZATION_ROLE_REQUIRED, 404 RESOURCE_NOT_FOUND", async () => {
    const doc = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, any>> };
    const byId = new Map<string, any>();
    for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) byId.set(op.operationId, op);
    for (const id of new Set(operations.map((o) => o.operationId))) {
      const op = byId.get(id);
      expect(op?.["x-account-security"], id).toBe(true);
      expect(op.responses["403"].description, id).toContain("ORGANIZATION_ROLE_REQUIRED");
      expect(op.responses["404"].description, id).toContain("RESOURCE_NOT_FOUND");
    }
  });

  it("a member signed in is refused 403 ORGANIZATION_ROLE_REQUIRED, someone outside 404, nothing changed", async () => {
    const member = await addMember(owner, orgId, "member");
    const outsider = await registerUser();
    const before = await connectionState(orgId);
    const failures: string[] = [];
    for (const [who, user, status, code] of [
      ["a member", member, 403, "ORGANIZATION_ROLE_REQUIRED"],
      ["someone outside the organization", outsider, 404, "RESOURCE_NOT_FOUND"],
    ] as const) {
      for (const op of operations) {
        const res = await api(op.method, op.path, {
          token: user.token,
          ...(op.body === undefined ? {} : { body: op.body }),
        });
        if (res.status !== status || res.body?.error?.code !== code)
          failures.push(`${op.name} by ${who}: ${res.status} ${res.text.slice(0, 160)}`);
        expect(await connectionState(orgId), `${op.name} by ${who}`).toEqual(before);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the owner signed in rotates the token (the refusals above are the rule's): the old one stops, the new one provisions", async () => {
    const res = await api("POST", `/v1/organizations/${orgId}/scim/connections/${scimConnection.id}/rotate`, {
      token: owner.token,
    });
    expect(res.status, res.text).toBe(200);
    expect((await scim(scimConnection, "GET", "/Users")).status).toBe(401);
    expect((await scim({ ...scimConnection, token: res.body.data.token }, "GET", "/Users")).status).toBe(200);
    expect((await connectionState(orgId)).audit.map((r) => r.action)).toContain("scim.token_rotated");
  });
});
