// DELETE /v1/organizations/{id}/members/{user_id}. Another organization's ids: test/routes/organizations/access.test.ts.
import { describe, expect, it } from "vitest";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, organizationWithTeam } from "../../support/organizations";

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
