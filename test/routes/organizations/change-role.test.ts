// PUT /v1/organizations/{id}/members/{user_id}. Another organization's ids: test/routes/organizations/access.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, organizationWithTeam } from "../../support/organizations";

const role = (token: string, orgId: string, userId: string, to: string) =>
  api("PUT", `/v1/organizations/${orgId}/members/${userId}`, { token, body: { role: to } });

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
