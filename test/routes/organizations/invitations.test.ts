import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INVITATION_LIFETIME_MS } from "../../../src/domain/organizations/invitations";
import { mailedVerificationToken, registerVerifiedUser } from "../../support/email";
import { registerUser, uniqueEmail } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailTo } from "../../support/mail";
import { auditActions, invite, organizationWithTeam } from "../../support/organizations";

const accept = (token: string, invitation: string) =>
  api("POST", "/v1/organizations/invitations/accept", { token, body: { token: invitation } });

describe("POST /v1/organizations/{id}/invitations", () => {
  it("returns a single-use token once, valid 7 days, stored only as a hash, and mails it", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const email = uniqueEmail("invitee");
    const res = await invite(admin, orgId, email.toUpperCase(), "member");
    expect(res.status).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ email, role: "member", status: "pending", invited_by: admin.id, email_sent: true });
    expect(data.token).toMatch(/^soi_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expires_at) - Date.parse(data.created_at)).toBe(INVITATION_LIFETIME_MS);
    const row = await env.DB.prepare("SELECT * FROM organization_invitations WHERE id = ?").bind(data.id).first();
    expect(JSON.stringify(row)).not.toContain(data.token);
    const mail = await mailTo(email, "organization.invitation");
    expect(linkParam(mail, "token")).toBe(data.token);
    expect(mail.text).toContain(admin.email);
    expect(mail.html).toMatch(/\/invitations\/inv_\d+\?token=soi_/);
    const outbox = await api("GET", `/v1/organizations/${orgId}/mail-outbox`, { token: admin.token });
    expect(outbox.body.data.messages[0]).toMatchObject({ to: email, subject: "You are invited to join Acme Research" });
    expect(outbox.body.data.messages[0].text).toContain(data.token);
    const listed = await api("GET", `/v1/organizations/${orgId}/invitations`, { token: admin.token });
    expect(listed.body.data.invitations.map((i: any) => i.id)).toContain(data.id);
    expect(JSON.stringify(listed.body)).not.toContain(data.token);
    expect(await auditActions(orgId)).toContain("invitation.created");
  });

  it("refuses an existing member, an admin inviting an owner, a member inviting, a bad email", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const err = expectErrorEnvelope(await invite(admin, orgId, member.email), 409, "ALREADY_A_MEMBER");
    expect(err.details.email).toBe(member.email);
    expectErrorEnvelope(await invite(admin, orgId, uniqueEmail(), "owner"), 403, "ORGANIZATION_ROLE_REQUIRED");
    expectErrorEnvelope(await invite(member, orgId, uniqueEmail()), 403, "ORGANIZATION_ROLE_REQUIRED");
    expect((await invite(owner, orgId, "not-an-email")).status).toBe(422);
    expect((await invite(owner, orgId, uniqueEmail(), "owner")).status).toBe(201);
  });

  it("without a mail service (production, no send_email binding) answers 503 and invites nobody", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const email = uniqueEmail("unmailed");
    const auditBefore = (await auditActions(orgId)).length;
    const res = await apiWithEnv(
      { MAIL_ADAPTER: "cloudflare", EMAIL: undefined },
      "POST",
      `/v1/organizations/${orgId}/invitations`,
      {
        token: admin.token,
        body: { email, role: "member" },
      },
    );
    expectErrorEnvelope(res, 503, "MAIL_SERVICE_UNAVAILABLE");
    const row = await env.DB.prepare("SELECT id FROM organization_invitations WHERE email = ?").bind(email).first();
    expect(row).toBeNull();
    expect(await auditActions(orgId)).toHaveLength(auditBefore);
  });

  it("members cannot list invitations or read the outbox", async () => {
    const { orgId, member } = await organizationWithTeam();
    for (const path of ["invitations", "mail-outbox"]) {
      const res = await api("GET", `/v1/organizations/${orgId}/${path}`, { token: member.token });
      expectErrorEnvelope(res, 403, "ORGANIZATION_ROLE_REQUIRED");
    }
  });
});

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
