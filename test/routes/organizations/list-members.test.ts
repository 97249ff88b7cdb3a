// GET /v1/organizations/{id}/members. Another organization's ids: test/routes/organizations/access.test.ts.
import { describe, expect, it } from "vitest";
import { api } from "../../support/http";
import { organizationWithTeam } from "../../support/organizations";

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
