import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { createOrganization, invite, organizationWithTeam } from "../../support/organizations";

describe("GET /v1/organizations/{id}/audit-log", () => {
  it("admins read every step newest first, with actor, target, request id and client address", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    await api("PUT", `/v1/organizations/${orgId}/members/${member.id}`, {
      token: admin.token,
      body: { role: "admin" },
      headers: { "x-request-id": "req-role-change", "cf-connecting-ip": "192.0.2.44" },
    });
    const res = await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: admin.token });
    expect(res.status).toBe(200);
    const entries = res.body.data.entries;
    expect(entries.map((e: any) => e.action)).toEqual([
      "member.role_changed",
      "invitation.accepted",
      "invitation.created",
      "invitation.accepted",
      "invitation.created",
      "organization.created",
    ]);
    expect(entries[0]).toMatchObject({
      actor: { user_id: admin.id, credential: expect.stringMatching(/^login_token:/) },
      target: { type: "user", id: member.id },
      before: { role: "member" },
      after: { role: "admin" },
      request_id: "req-role-change",
      ip: "192.0.2.44",
    });
    expect(entries.at(-1).actor.user_id).toBe(owner.id);
    expect(res.body.data.pagination).toEqual({ total: 6, limit: 20, offset: 0, has_more: false });
  });

  it("filters by action, actor and target, and pages with limit and offset", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const q = (query: string) => api("GET", `/v1/organizations/${orgId}/audit-log?${query}`, { token: owner.token });
    expect((await q("action=invitation.created")).body.data.entries).toHaveLength(2);
    expect((await q(`actor_id=${admin.id}`)).body.data.entries.map((e: any) => e.action)).toEqual([
      "invitation.accepted",
    ]);
    expect((await q(`target_id=${orgId}`)).body.data.entries.map((e: any) => e.action)).toEqual([
      "organization.created",
    ]);
    const page = (await q("limit=2&offset=2")).body.data;
    expect(page.entries).toHaveLength(2);
    expect(page.pagination).toEqual({ total: 5, limit: 2, offset: 2, has_more: true });
    expect((await q(`since=${new Date(Date.now() + 60_000).toISOString()}`)).body.data.entries).toEqual([]);
    for (const bad of ["limit=0", "limit=101", "offset=-1", "action=DROP TABLE", "since=yesterday"]) {
      expect((await q(bad)).status, bad).toBe(422);
    }
  });

  it("members cannot read it; there is no route to edit or delete it", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}/audit-log`, { token: member.token }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    for (const method of ["DELETE", "PUT", "POST"]) {
      const res = await api(method, `/v1/organizations/${orgId}/audit-log`, { token: owner.token, body: {} });
      expect([404, 405]).toContain(res.status);
    }
  });
});

describe("X-Organization-Id", () => {
  it("a member acts for the organization; a non-member's org id is a 404; a malformed one a 400", async () => {
    const { orgId, member } = await organizationWithTeam();
    const me = await api("GET", "/v1/users/me", { token: member.token, headers: { "X-Organization-Id": orgId } });
    expect(me.status).toBe(200);
    const stranger = await registerUser();
    const err = expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: stranger.token, headers: { "X-Organization-Id": orgId } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(err.details.resource).toBe("organization");
    const bad = expectErrorEnvelope(
      await api("GET", "/v1/users/me", { token: stranger.token, headers: { "X-Organization-Id": "acme" } }),
      400,
      "INVALID_FIELD_VALUE",
    );
    expect(bad.details).toMatchObject({ field: "X-Organization-Id", location: "header" });
  });

  it("a removed member's next request with the header is refused, whatever the token says", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const headers = { "X-Organization-Id": orgId };
    expect((await api("GET", "/v1/users/me", { token: member.token, headers })).status).toBe(200);
    await api("DELETE", `/v1/organizations/${orgId}/members/${member.id}`, { token: owner.token });
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: member.token, headers }), 404, "RESOURCE_NOT_FOUND");
    expect((await api("GET", "/v1/users/me", { token: member.token })).status).toBe(200);
  });

  it("is documented once as a reusable header parameter on authenticated operations", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(doc.components.parameters.OrganizationId).toMatchObject({ in: "header", name: "x-organization-id" });
    const ref = { $ref: "#/components/parameters/OrganizationId" };
    expect(doc.paths["/sessions"].post.parameters).toContainEqual(ref);
    expect(doc.paths["/organizations/{organization_id}/members"].get.parameters).toContainEqual(ref);
    expect(doc.paths["/auth/login"].post.parameters ?? []).not.toContainEqual(ref);
  });

  it("pending invitations are not membership", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const invitee = await registerUser();
    await invite(owner, orgId, invitee.email);
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}`, { token: invitee.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
});
