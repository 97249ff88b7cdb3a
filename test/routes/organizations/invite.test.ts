// POST /v1/organizations/{id}/invitations (invite.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INVITATION_LIFETIME_MS } from "../../../src/domain/organizations/invitations";
import { uniqueEmail } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { linkParam, mailTo } from "../../support/mail";
import { auditActions, invite, organizationWithTeam } from "../../support/organizations";

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
