// Who may reach an organization's routes: a member of one organization guessing another's ids (every route at once).
import { describe, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { addMember, createOrganization, organizationWithTeam } from "../../support/organizations";

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
