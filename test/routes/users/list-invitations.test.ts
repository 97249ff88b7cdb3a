import { describe, expect, it } from "vitest";
import { mailedVerificationToken } from "../../support/email";
import { registerUser, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailTo } from "../../support/mail";
import { createOrganization, invite } from "../../support/organizations";

const mine = (token: string) => api("GET", "/v1/users/me/invitations", { token });
const accept = (token: string, id: string) => api("POST", `/v1/users/me/invitations/${id}/accept`, { token });

describe("GET /v1/users/me/invitations and accepting one", () => {
  it("lists pending invitations to the verified email with organization, inviter, role and expiry; one click joins", async () => {
    const owner = await registerUser({ username: "olga_owner" });
    const orgId = await createOrganization(owner, "Invited Co");
    const email = uniqueEmail("invitee");
    const sent = await invite(owner, orgId, email, "admin");
    expect(sent.status).toBe(201);
    const mail = await mailTo(email, "organization.invitation");
    expect(mail.text).toContain(`/invitations/${sent.body.data.id}?token=`);
    expect(linkParam(mail, "token")).toBe(sent.body.data.token);

    const invitee = await registerUser({ email });
    const list = await mine(invitee.token);
    expect(list.status).toBe(200);
    expect(list.body.data.email_verified).toBe(true);
    expect(list.body.data.invitations).toEqual([
      {
        id: sent.body.data.id,
        organization: { id: orgId, name: "Invited Co" },
        inviter: "olga_owner",
        role: "admin",
        expires_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    const joined = await accept(invitee.token, sent.body.data.id);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({ organization_id: orgId, role: "admin" });
    expect((await mine(invitee.token)).body.data.invitations).toEqual([]);
    expectErrorEnvelope(await accept(invitee.token, sent.body.data.id), 409, "INVITATION_USED");
  });

  it("an unverified addressee sees none and cannot accept; someone else's invitation is 404", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const email = uniqueEmail("unverified");
    const sent = await invite(owner, orgId, email);
    const unverified = await registerUser({ email }, { verified: false });
    expect((await mine(unverified.token)).body.data).toEqual({ email_verified: false, invitations: [] });
    expectErrorEnvelope(await accept(unverified.token, sent.body.data.id), 403, "EMAIL_NOT_VERIFIED");
    const stranger = await registerUser();
    expectErrorEnvelope(await accept(stranger.token, sent.body.data.id), 404, "RESOURCE_NOT_FOUND");
    const members = await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token });
    expect(JSON.stringify(members.body.data)).not.toContain(stranger.id);
    // Verified by its holder: now it shows and accepts.
    const verify = await api("POST", "/v1/auth/email/verify", {
      body: { token: await mailedVerificationToken(unverified) },
    });
    expect(verify.status).toBe(200);
    expect((await mine(unverified.token)).body.data.invitations).toHaveLength(1);
    expect((await accept(unverified.token, sent.body.data.id)).status).toBe(200);
  });
});
