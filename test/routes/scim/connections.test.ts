import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { addMember, auditActions, createOrganization } from "../../support/organizations";
import { createScimConnection, expectScimError, scim, scimOrganization } from "../../support/scim";

const path = (orgId: string, id = "") => `/v1/organizations/${orgId}/scim/connections${id ? `/${id}` : ""}`;

describe("SCIM connections (/v1/organizations/{id}/scim/connections)", () => {
  it("creates a connection whose token is shown once and stored only as its SHA-256", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const res = await api("POST", path(orgId), {
      token: owner.token,
      body: { name: "Okta", group_roles: { "Session Admins": "admin" } },
    });
    expect(res.status, res.text).toBe(201);
    const created = res.body.data;
    expect(created.token).toMatch(/^sascim_[A-Za-z0-9_-]{43}$/);
    expect(created.base_url).toBe(`http://127.0.0.1:8787/scim/v2/${created.id}`);
    expect(created).toMatchObject({
      status: "active",
      default_role: "member",
      group_roles: { "session admins": "admin" },
    });
    expect(created.token.startsWith(created.token_prefix)).toBe(true);

    const row = await env.DB.prepare("SELECT * FROM scim_connections WHERE id = ?").bind(created.id).first();
    expect(row?.token_hash).toBe(await sha256Hex(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await api("GET", path(orgId), { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([created.id]);
    const one = await api("GET", path(orgId, created.id), { token: owner.token });
    expect(one.status).toBe(200);
    expect(list.text + one.text).not.toContain(created.token);
    expect(one.body.data.token).toBeUndefined();
    expect(await auditActions(orgId)).toContain("scim.connection_created");
  });

  it("refuses a mapping to owner, and a member who is not an admin", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const owned = await api("POST", path(orgId), {
      token: owner.token,
      body: { name: "Okta", group_roles: { Founders: "owner" } },
    });
    expectErrorEnvelope(owned, 422, "INVALID_FIELD_VALUE");
    const member = await addMember(owner, orgId, "member");
    const refused = await api("POST", path(orgId), { token: member.token, body: { name: "Mine" } });
    expectErrorEnvelope(refused, 403, "ORGANIZATION_ROLE_REQUIRED");
    expect(
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM scim_connections WHERE organization_id = ?").bind(orgId).first())
        ?.n,
    ).toBe(0);
  });

  it("another organization's connection is a 404", async () => {
    const a = await scimOrganization();
    const other = await registerUser();
    const otherOrg = await createOrganization(other);
    for (const [method, p] of [
      ["GET", path(otherOrg, a.connection.id)],
      ["POST", `${path(otherOrg, a.connection.id)}/rotate`],
      ["DELETE", path(otherOrg, a.connection.id)],
    ] as const) {
      expectErrorEnvelope(await api(method, p, { token: other.token }), 404, "RESOURCE_NOT_FOUND");
    }
    expect((await scim(a.connection, "GET", "/Users")).status).toBe(200);
  });

  it("rotates: the old token is refused at once, the new one works; audited", async () => {
    const { owner, orgId, connection } = await scimOrganization();
    expect((await scim(connection, "GET", "/Users")).status).toBe(200);
    const res = await api("POST", `${path(orgId, connection.id)}/rotate`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const token = res.body.data.token as string;
    expect(token).not.toBe(connection.token);
    expectScimError(await scim(connection, "GET", "/Users"), 401);
    expect((await scim({ id: connection.id, token }, "GET", "/Users")).status).toBe(200);
    expect(await auditActions(orgId)).toContain("scim.token_rotated");
  });

  it("revokes: the token is refused for good, the connection is listed as revoked; audited", async () => {
    const { owner, orgId, connection } = await scimOrganization();
    const res = await api("DELETE", path(orgId, connection.id), { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: "revoked" });
    expectScimError(await scim(connection, "GET", "/Users"), 401);
    expectErrorEnvelope(
      await api("POST", `${path(orgId, connection.id)}/rotate`, { token: owner.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await auditActions(orgId)).toContain("scim.connection_revoked");
  });

  it("a second connection of the same organization has its own token, not interchangeable", async () => {
    const { owner, orgId, connection } = await scimOrganization();
    const second = await createScimConnection(owner, orgId, { name: "Entra" });
    expectScimError(await scim(second, "GET", "/Users", { token: connection.token }), 401);
    expect((await scim(second, "GET", "/Users")).status).toBe(200);
  });
});
