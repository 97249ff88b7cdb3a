// POST /v1/organizations/{id}/transfer-ownership. Another organization's ids: test/routes/organizations/access.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, organizationWithTeam } from "../../support/organizations";

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
