// POST /v1/organizations/invitations/accept.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailedVerificationToken, registerVerifiedUser } from "../../support/email";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, invite, organizationWithTeam } from "../../support/organizations";

const accept = (token: string, invitation: string) =>
  api("POST", "/v1/organizations/invitations/accept", { token, body: { token: invitation } });

describe("POST /v1/organizations/invitations/accept", () => {
  it("the invited account joins with the invited role; the token then is used", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerVerifiedUser();
    const { token } = (await invite(admin, orgId, invitee.email, "admin")).body.data;
    const res = await accept(invitee.token, token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ organization_id: orgId, role: "admin" });
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: invitee.token })).body.data.role).toBe("admin");
    expectErrorEnvelope(await accept(invitee.token, token), 409, "INVITATION_USED");
    expect(await auditActions(orgId)).toContain("invitation.accepted");
  });

  it("an account whose email is not verified cannot accept (a leaked token is no use to whoever registers the address first)", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const squatter = await registerUser({}, { verified: false });
    const { token } = (await invite(owner, orgId, squatter.email, "admin")).body.data;
    const audited = await auditActions(orgId);
    const refused = expectErrorEnvelope(await accept(squatter.token, token), 403, "EMAIL_NOT_VERIFIED");
    expect(refused.details.email).toBe(squatter.email);
    expect((await api("GET", `/v1/organizations/${orgId}`, { token: squatter.token })).status).toBe(404);
    expect(await auditActions(orgId)).toEqual(audited);
    // The holder of the address proves it, then the same invitation is accepted.
    expect(
      (await api("POST", "/v1/auth/email/verify", { body: { token: await mailedVerificationToken(squatter) } })).status,
    ).toBe(200);
    expect((await accept(squatter.token, token)).status).toBe(200);
  });

  it("another account cannot accept it", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerVerifiedUser();
    const other = await registerVerifiedUser();
    const { token } = (await invite(admin, orgId, invitee.email)).body.data;
    expectErrorEnvelope(await accept(other.token, token), 403, "INVITATION_EMAIL_MISMATCH");
    expect((await accept(invitee.token, token)).status).toBe(200);
  });

  it("an expired token is 410, a revoked one 409, an unknown one 404", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerVerifiedUser();
    const first = (await invite(admin, orgId, invitee.email)).body.data;
    await env.DB.prepare("UPDATE organization_invitations SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), first.id)
      .run();
    expectErrorEnvelope(await accept(invitee.token, first.token), 410, "INVITATION_EXPIRED");

    const second = (await invite(admin, orgId, invitee.email)).body.data;
    const revoked = await api("DELETE", `/v1/organizations/${orgId}/invitations/${second.id}`, { token: admin.token });
    expect(revoked.status).toBe(200);
    expectErrorEnvelope(await accept(invitee.token, second.token), 409, "INVITATION_USED");
    expectErrorEnvelope(
      await api("DELETE", `/v1/organizations/${orgId}/invitations/${second.id}`, { token: admin.token }),
      409,
      "INVITATION_USED",
    );
    expectErrorEnvelope(await accept(invitee.token, `soi_${"A".repeat(43)}`), 404, "RESOURCE_NOT_FOUND");
    expect(await auditActions(orgId)).toContain("invitation.revoked");
  });

  it("a new invitation to the same email replaces the pending one", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerVerifiedUser();
    const first = (await invite(admin, orgId, invitee.email)).body.data;
    const second = (await invite(admin, orgId, invitee.email, "admin")).body.data;
    expectErrorEnvelope(await accept(invitee.token, first.token), 409, "INVITATION_USED");
    expect((await accept(invitee.token, second.token)).body.data.role).toBe("admin");
  });
});
