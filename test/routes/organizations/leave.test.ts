// POST /v1/organizations/{id}/leave.
import { describe, expect, it } from "vitest";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, organizationWithTeam } from "../../support/organizations";

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
