import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ensureVerified } from "../../support/email";
import { registerUser, uniqueEmail } from "../../support/factories";
import { failingD1 } from "../../support/faults";
import { api, apiWithEnv, expectErrorEnvelope, type RequestOptions } from "../../support/http";
import { auditActions, invite, organizationWithTeam } from "../../support/organizations";

/**
 * Each organization operation commits its change, its audit entry (and its mail, for an invitation)
 * in one `ctx.commit` (docs/architecture.md, "One unit of work"): a statement failing late in that
 * batch, inside real D1, leaves none of it; without a fault all of it is written.
 */
const AUDIT_INSERT = /^INSERT INTO audit_log/;

const first = async <T>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
const count = async (sql: string, ...params: unknown[]) => (await first<{ n: number }>(sql, ...params))?.n ?? 0;
const roleOf = async (orgId: string, userId: string) =>
  (
    await first<{ role: string }>(
      "SELECT role FROM organization_members WHERE organization_id = ? AND user_id = ?",
      orgId,
      userId,
    )
  )?.role;

async function withFault(match: RegExp, method: string, path: string, opts: RequestOptions, nth = 1) {
  const failing = failingD1(env.DB, { match, nth });
  const res = await apiWithEnv({ DB: failing.db }, method, path, opts);
  expect(failing.failed, `no statement matched ${match}`).toHaveLength(1);
  expectErrorEnvelope(res, 500, "DATABASE_ERROR");
}

describe("an organization's own changes commit with their audit entries", () => {
  it("create: a failed entry leaves no organization, membership or billing account", async () => {
    const owner = await registerUser();
    const opts = { token: owner.token, body: { name: "Half Made" } };
    await withFault(AUDIT_INSERT, "POST", "/v1/organizations", opts);
    await withFault(/^INSERT INTO organization_members/, "POST", "/v1/organizations", opts);
    expect(await count("SELECT COUNT(*) AS n FROM organizations WHERE created_by = ?", owner.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM organization_members WHERE user_id = ?", owner.id)).toBe(0);

    const created = await api("POST", "/v1/organizations", opts);
    expect(created.status, created.text).toBe(201);
    const orgId = created.body.data.id;
    expect(await roleOf(orgId, owner.id)).toBe("owner");
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM billing_accounts WHERE owner_type = 'organization' AND owner_id = ?",
        orgId,
      ),
    ).toBe(1);
    expect(await auditActions(orgId)).toEqual(["organization.created"]);
  });

  it("rename and delete: a failed entry leaves the organization as it was", async () => {
    const { orgId, owner } = await organizationWithTeam();
    const path = `/v1/organizations/${orgId}`;
    await withFault(AUDIT_INSERT, "PUT", path, { token: owner.token, body: { name: "Renamed" } });
    await withFault(AUDIT_INSERT, "DELETE", path, { token: owner.token });
    // The teardown's last statement fails: the soft delete and its entry before it are undone too.
    await withFault(/^DELETE FROM webhooks/, "DELETE", path, { token: owner.token });
    expect(await first("SELECT name, deleted_at FROM organizations WHERE id = ?", orgId)).toEqual({
      name: "Acme Research",
      deleted_at: null,
    });
    expect(await count("SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ?", orgId)).toBe(3);
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["organization.renamed"]));
    expect(await auditActions(orgId)).not.toEqual(expect.arrayContaining(["organization.deleted"]));

    expect((await api("PUT", path, { token: owner.token, body: { name: "Renamed" } })).status).toBe(200);
    expect((await api("DELETE", path, { token: owner.token })).status).toBeLessThan(300);
    expect(await count("SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ?", orgId)).toBe(0);
    expect((await auditActions(orgId)).slice(-2)).toEqual(["organization.renamed", "organization.deleted"]);
  });
});

describe("membership changes commit with their audit entries", () => {
  it("change role, remove and transfer ownership: a failed entry changes no one's membership", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    const members = `/v1/organizations/${orgId}/members`;
    const before = await auditActions(orgId);
    await withFault(AUDIT_INSERT, "PUT", `${members}/${member.id}`, { token: owner.token, body: { role: "admin" } });
    await withFault(AUDIT_INSERT, "DELETE", `${members}/${member.id}`, { token: owner.token });
    const transfer = { token: owner.token, body: { user_id: admin.id } };
    await withFault(AUDIT_INSERT, "POST", `/v1/organizations/${orgId}/transfer-ownership`, transfer);
    // The demotion, second in the transfer's batch, fails after the promotion ran: neither stays.
    const demotion = 2;
    await withFault(
      /^\s*UPDATE organization_members SET role/,
      "POST",
      `/v1/organizations/${orgId}/transfer-ownership`,
      transfer,
      demotion,
    );
    expect([await roleOf(orgId, owner.id), await roleOf(orgId, admin.id), await roleOf(orgId, member.id)]).toEqual([
      "owner",
      "admin",
      "member",
    ]);
    expect(await auditActions(orgId)).toEqual(before);

    expect((await api("PUT", `${members}/${member.id}`, { token: owner.token, body: { role: "admin" } })).status).toBe(
      200,
    );
    expect((await api("POST", `/v1/organizations/${orgId}/transfer-ownership`, transfer)).status).toBeLessThan(300);
    expect([await roleOf(orgId, owner.id), await roleOf(orgId, admin.id)]).toEqual(["admin", "owner"]);
    expect((await api("DELETE", `${members}/${member.id}`, { token: admin.token })).status).toBeLessThan(300);
    expect(await roleOf(orgId, member.id)).toBeUndefined();
    expect((await auditActions(orgId)).slice(before.length)).toEqual([
      "member.role_changed",
      "ownership.transferred",
      "member.removed",
    ]);
  });
});

describe("invitations commit with their audit entries and mail", () => {
  const invitationsOf = (orgId: string, email: string) =>
    count("SELECT COUNT(*) AS n FROM organization_invitations WHERE organization_id = ? AND email = ?", orgId, email);
  const mailsTo = (email: string) => count("SELECT COUNT(*) AS n FROM mail_outbox WHERE recipient = ?", email);

  it("invite: a failed mail or entry leaves no invitation, and a failed invitation no mail", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const email = uniqueEmail("invitee");
    const path = `/v1/organizations/${orgId}/invitations`;
    const opts = { token: admin.token, body: { email, role: "member" } };
    await withFault(/^INSERT INTO mail_outbox/, "POST", path, opts);
    await withFault(AUDIT_INSERT, "POST", path, opts);
    await withFault(/^\s*INSERT INTO organization_invitations/, "POST", path, opts);
    expect(await invitationsOf(orgId, email)).toBe(0);
    expect(await mailsTo(email)).toBe(0);

    expect((await invite(admin, orgId, email)).status).toBe(201);
    expect(await invitationsOf(orgId, email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });

  it("revoke and accept: a failed entry leaves the invitation pending and the invitee outside", async () => {
    const { orgId, admin } = await organizationWithTeam();
    const invitee = await registerUser({ email: uniqueEmail("joiner") });
    await ensureVerified(invitee);
    const sent = await invite(admin, orgId, invitee.email);
    expect(sent.status).toBe(201);
    const { id, token } = sent.body.data;
    await withFault(AUDIT_INSERT, "DELETE", `/v1/organizations/${orgId}/invitations/${id}`, { token: admin.token });
    const accept = { token: invitee.token, body: { token } };
    await withFault(AUDIT_INSERT, "POST", "/v1/organizations/invitations/accept", accept);
    // The membership, second in the batch, fails after the invitation was marked used: it is not.
    await withFault(/^\s*INSERT INTO organization_members/, "POST", "/v1/organizations/invitations/accept", accept);
    expect(await first("SELECT accepted_at, revoked_at FROM organization_invitations WHERE id = ?", id)).toEqual({
      accepted_at: null,
      revoked_at: null,
    });
    expect(await roleOf(orgId, invitee.id)).toBeUndefined();

    const accepted = await api("POST", "/v1/organizations/invitations/accept", accept);
    expect(accepted.status, accepted.text).toBe(200);
    expect(await roleOf(orgId, invitee.id)).toBe("member");
    expect((await auditActions(orgId)).slice(-1)).toEqual(["invitation.accepted"]);
  });
});
