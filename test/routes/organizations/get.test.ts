// GET /v1/organizations and GET /v1/organizations/{id} (list.ts and get.ts). Another organization is 404: test/security/api1-bola.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { organizationWithTeam } from "../../support/organizations";

describe("GET /v1/organizations and /v1/organizations/{id}", () => {
  it("lists the caller's organizations with their role; reads one", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    const mine = await api("GET", "/v1/organizations", { token: member.token });
    expect(mine.body.data.organizations).toEqual([expect.objectContaining({ id: orgId, role: "member" })]);
    const one = await api("GET", `/v1/organizations/${orgId}`, { token: owner.token });
    expect(one.body.data).toMatchObject({ id: orgId, name: "Acme Research", role: "owner" });
  });

  it("another organization is a 404, as is a made-up id; a malformed id is a 422", async () => {
    const { orgId } = await organizationWithTeam();
    const stranger = await registerUser();
    const err = expectErrorEnvelope(
      await api("GET", `/v1/organizations/${orgId}`, { token: stranger.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(err.details.resource).toBe("organization");
    expectErrorEnvelope(
      await api("GET", "/v1/organizations/org_1", { token: stranger.token }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect((await api("GET", "/v1/organizations/acme", { token: stranger.token })).status).toBe(422);
  });
});
