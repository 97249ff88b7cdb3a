/**
 * Issue 27 item 5, the role half (docs/security.md "Invitations never grant more than their
 * inviter holds"): an invitation's role never exceeds its inviter's, and an admin cannot read an
 * owner invitation's token from the development mail outbox.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser, uniqueEmail } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { invite, organizationWithTeam } from "../support/organizations";

const accept = (token: string, invitation: string) =>
  api("POST", "/v1/organizations/invitations/accept", { token, body: { token: invitation } });

const outboxOf = async (orgId: string, token: string): Promise<{ to: string; text: string }[]> => {
  const res = await api("GET", `/v1/organizations/${orgId}/mail-outbox`, { token });
  expect(res.status).toBe(200);
  return res.body.data.messages;
};

const invitationsTo = async (orgId: string, email: string) =>
  (
    await env.DB.prepare("SELECT COUNT(*) AS n FROM organization_invitations WHERE organization_id = ? AND email = ?")
      .bind(orgId, email)
      .first<{ n: number }>()
  )?.n;

const roleOf = async (orgId: string, userId: string) =>
  (
    await env.DB.prepare("SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?")
      .bind(orgId, userId)
      .first<{ role: string }>()
  )?.role;

describe("an invitation's role never exceeds its inviter's", () => {
  it("an admin inviting an owner, or a member inviting anyone, is refused with nothing stored or mailed", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const target = uniqueEmail("would-be-owner");
    expectErrorEnvelope(await invite(admin, orgId, target, "owner"), 403, "ORGANIZATION_ROLE_REQUIRED");
    for (const role of ["member", "admin", "owner"] as const) {
      expectErrorEnvelope(await invite(member, orgId, target, role), 403, "ORGANIZATION_ROLE_REQUIRED");
    }
    expect(await invitationsTo(orgId, target)).toBe(0);
    expect((await outboxOf(orgId, owner.token)).filter((m) => m.to === target)).toEqual([]);
  });

  it("an admin demoted or removed after inviting cannot still let their invitee in", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const accomplice = await registerUser({ email: uniqueEmail("accomplice") });
    const second = await registerUser({ email: uniqueEmail("accomplice2") });
    const asAdmin = (await invite(admin, orgId, accomplice.email, "admin")).body.data.token as string;
    const asMember = (await invite(admin, orgId, second.email, "member")).body.data.token as string;

    const demoted = await api("PUT", `/v1/organizations/${orgId}/members/${admin.id}`, {
      token: owner.token,
      body: { role: "member" },
    });
    expect(demoted.status).toBe(200);
    for (const [user, token] of [
      [accomplice, asAdmin],
      [second, asMember],
    ] as const) {
      const err = expectErrorEnvelope(await accept(user.token, token), 409, "INVITER_ROLE_LOST");
      expect(err.details.role).toBe(user === accomplice ? "admin" : "member");
      expect(await roleOf(orgId, user.id)).toBeUndefined();
    }

    const removed = await api("DELETE", `/v1/organizations/${orgId}/members/${admin.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expectErrorEnvelope(await accept(accomplice.token, asAdmin), 409, "INVITER_ROLE_LOST");
    expect(await roleOf(orgId, accomplice.id)).toBeUndefined();
  });

  it("an invitation from an inviter who still holds its role is accepted", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerUser({ email: uniqueEmail("invitee") });
    const token = (await invite(admin, orgId, invitee.email, "admin")).body.data.token as string;
    expect((await accept(invitee.token, token)).status).toBe(200);
    expect(await roleOf(orgId, invitee.id)).toBe("admin");
  });
});

describe("the development mail outbox shows an admin no mail meant for an owner", () => {
  it("an admin cannot read an owner invitation's token (the issue's attack); owners can", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const ownerTarget = uniqueEmail("future-owner");
    const adminTarget = uniqueEmail("future-admin");
    const ownerInvite = await invite(owner, orgId, ownerTarget, "owner");
    expect(ownerInvite.status).toBe(201);
    const ownerToken = ownerInvite.body.data.token as string;
    const adminToken = (await invite(owner, orgId, adminTarget, "admin")).body.data.token as string;

    const adminView = await outboxOf(orgId, admin.token);
    expect(adminView.map((m) => m.to)).not.toContain(ownerTarget);
    expect(JSON.stringify(adminView)).not.toContain(ownerToken);
    // Mail for the admin's own role or below is still there.
    expect(adminView.find((m) => m.to === adminTarget)?.text).toContain(adminToken);

    const ownerView = await outboxOf(orgId, owner.token);
    expect(ownerView.find((m) => m.to === ownerTarget)?.text).toContain(ownerToken);

    // Nor is it anywhere else the admin can read: the invitation list has no tokens.
    const listed = await api("GET", `/v1/organizations/${orgId}/invitations`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(ownerToken);

    // The admin registering the address has no token to accept with; the owner invitation stays pending.
    const squatter = await registerUser({ email: ownerTarget });
    expect(await roleOf(orgId, squatter.id)).toBeUndefined();
  });
});
