import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { addMember, auditActions, createOrganization, organizationWithTeam } from "../../support/organizations";

const role = (token: string, orgId: string, userId: string, to: string) =>
  api("PUT", `/v1/organizations/${orgId}/members/${userId}`, { token, body: { role: to } });

describe("GET /v1/organizations/{id}/members", () => {
  it("every member sees who is in the organization and their role", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const res = await api("GET", `/v1/organizations/${orgId}/members`, { token: member.token });
    expect(res.status).toBe(200);
    const roles = Object.fromEntries(res.body.data.members.map((m: any) => [m.user_id, m.role]));
    expect(roles).toEqual({ [owner.id]: "owner", [admin.id]: "admin", [member.id]: "member" });
    expect(res.body.data.members[0]).toMatchObject({ email: owner.email, username: "tester" });
  });
});

describe("PUT /v1/organizations/{id}/members/{user_id} (change role)", () => {
  it("an admin promotes a member to admin; the audit log keeps before and after", async () => {
    const { orgId, admin, member } = await organizationWithTeam();
    const res = await role(admin.token, orgId, member.id, "admin");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: member.id, role: "admin" });
    expect(await auditActions(orgId)).toContain("member.role_changed");
  });

  it("an admin cannot make anyone owner, nor change an owner", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const err = expectErrorEnvelope(
      await role(admin.token, orgId, member.id, "owner"),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    expect(err.details.required_role).toBe("owner");
    expectErrorEnvelope(await role(admin.token, orgId, admin.id, "owner"), 403, "ORGANIZATION_ROLE_REQUIRED");
    expectErrorEnvelope(await role(admin.token, orgId, owner.id, "member"), 403, "ORGANIZATION_ROLE_REQUIRED");
  });

  it("a member cannot change roles", async () => {
    const { orgId, admin, member } = await organizationWithTeam();
    expectErrorEnvelope(await role(member.token, orgId, admin.id, "member"), 403, "ORGANIZATION_ROLE_REQUIRED");
    expectErrorEnvelope(await role(member.token, orgId, member.id, "admin"), 403, "ORGANIZATION_ROLE_REQUIRED");
  });

  it("an owner makes another owner; the last owner cannot be demoted", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    expectErrorEnvelope(await role(owner.token, orgId, owner.id, "admin"), 409, "LAST_OWNER");
    expect((await role(owner.token, orgId, admin.id, "owner")).status).toBe(200);
    expect((await role(admin.token, orgId, owner.id, "member")).status).toBe(200);
    expectErrorEnvelope(await role(admin.token, orgId, admin.id, "member"), 409, "LAST_OWNER");
  });

  it("a user who is not a member, or an unknown role, is refused", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const stranger = await registerUser();
    const err = expectErrorEnvelope(await role(owner.token, orgId, stranger.id, "admin"), 404, "RESOURCE_NOT_FOUND");
    expect(err.details.resource).toBe("member");
    expect((await role(owner.token, orgId, stranger.id, "superuser")).status).toBe(422);
  });
});

describe("DELETE /v1/organizations/{id}/members/{user_id} (remove)", () => {
  it("an admin removes a member, who loses access on the next request with the same token", async () => {
    const { orgId, admin, member } = await organizationWithTeam();
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: member.token })).status).toBe(200);
    const res = await api("DELETE", `/v1/organizations/${orgId}/members/${member.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}`, { token: member.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await auditActions(orgId)).toContain("member.removed");
  });

  it("an admin cannot remove an owner; a member cannot remove anyone; the last owner cannot be removed", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const path = (id: string) => `/v1/organizations/${orgId}/members/${id}`;
    expectErrorEnvelope(await api("DELETE", path(owner.id), { token: admin.token }), 403, "ORGANIZATION_ROLE_REQUIRED");
    expectErrorEnvelope(
      await api("DELETE", path(admin.id), { token: member.token }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    expectErrorEnvelope(await api("DELETE", path(owner.id), { token: owner.token }), 409, "LAST_OWNER");
  });
});

describe("POST /v1/organizations/{id}/leave", () => {
  it("a member leaves; the last owner cannot", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    expect((await api("POST", `/v1/organizations/${orgId}/leave`, { token: member.token })).status).toBe(200);
    expect((await api("GET", "/v1/organizations", { token: member.token })).body.data.organizations).toEqual([]);
    expectErrorEnvelope(
      await api("POST", `/v1/organizations/${orgId}/leave`, { token: owner.token }),
      409,
      "LAST_OWNER",
    );
    expect(await auditActions(orgId)).toContain("member.left");
  });
});

describe("POST /v1/organizations/{id}/transfer-ownership", () => {
  it("the owner hands over and becomes an admin, then may leave", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const res = await api("POST", `/v1/organizations/${orgId}/transfer-ownership`, {
      token: owner.token,
      body: { user_id: member.id },
    });
    expect(res.status).toBe(200);
    const members = (await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token })).body.data.members;
    const roles = Object.fromEntries(members.map((m: any) => [m.user_id, m.role]));
    expect(roles[member.id]).toBe("owner");
    expect(roles[owner.id]).toBe("admin");
    expect((await api("POST", `/v1/organizations/${orgId}/leave`, { token: owner.token })).status).toBe(200);
    expect(await auditActions(orgId)).toEqual(expect.arrayContaining(["ownership.transferred", "member.left"]));
  });

  it("only an owner transfers, and only to a member", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const path = `/v1/organizations/${orgId}/transfer-ownership`;
    expectErrorEnvelope(
      await api("POST", path, { token: admin.token, body: { user_id: admin.id } }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    const stranger = await registerUser();
    expectErrorEnvelope(
      await api("POST", path, { token: owner.token, body: { user_id: stranger.id } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await api("POST", path, { token: owner.token, body: { user_id: owner.id } })).status).toBe(422);
  });
});

describe("guessing another organization's ids", () => {
  it("members of one organization get 404 on every route of another", async () => {
    const a = await organizationWithTeam();
    const other = await registerUser();
    const orgB = await createOrganization(other);
    const bMember = await addMember(other, orgB, "member");
    const calls: [string, string, unknown?][] = [
      ["GET", `/v1/organizations/${orgB}`],
      ["PUT", `/v1/organizations/${orgB}`, { name: "x" }],
      ["DELETE", `/v1/organizations/${orgB}`],
      ["GET", `/v1/organizations/${orgB}/members`],
      ["PUT", `/v1/organizations/${orgB}/members/${bMember.id}`, { role: "admin" }],
      ["DELETE", `/v1/organizations/${orgB}/members/${bMember.id}`],
      ["POST", `/v1/organizations/${orgB}/leave`],
      ["POST", `/v1/organizations/${orgB}/transfer-ownership`, { user_id: bMember.id }],
      ["POST", `/v1/organizations/${orgB}/invitations`, { email: "x@example.com" }],
      ["GET", `/v1/organizations/${orgB}/invitations`],
      ["DELETE", `/v1/organizations/${orgB}/invitations/inv_1`],
      ["GET", `/v1/organizations/${orgB}/audit-log`],
      ["GET", `/v1/organizations/${orgB}/mail-outbox`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: a.owner.token, ...(body ? { body } : {}) });
      expectErrorEnvelope(res, 404, "RESOURCE_NOT_FOUND");
    }
  });
});
