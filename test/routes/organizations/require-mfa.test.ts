import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { asOrg, auditActions, organizationWithTeam } from "../../support/organizations";
import { validSession } from "../../support/sessions";
import { totpFromSecret } from "../../support/totp";

/**
 * Organizations that require MFA (issue 30; docs/security.md "Organizations that require MFA"):
 * each test performs the access a member without a second factor would attempt and sees it refused
 * with ORGANIZATION_MFA_REQUIRED and nothing created or shown.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Enrol an authenticator app for `user` (confirming records this sign-in's second-factor check). */
async function enrolTotp(user: TestUser): Promise<string> {
  const enrol = await api("POST", "/v1/users/me/mfa/totp", { token: user.token });
  expect(enrol.status).toBe(201);
  const secret = enrol.body.data.secret as string;
  const confirm = await api("POST", "/v1/users/me/mfa/totp/confirm", {
    token: user.token,
    body: { code: await totpFromSecret(secret, nowSeconds()) },
  });
  expect(confirm.status).toBe(200);
  return secret;
}

const requireMfa = (user: TestUser, orgId: string, on: boolean) =>
  api("PATCH", `/v1/organizations/${orgId}`, { token: user.token, body: { require_mfa: on } });

/** Everything of the organization's a member reaches: one request each (method, path, acting header). */
function organizationRequests(orgId: string, sessionId: string) {
  const acting = asOrg(orgId);
  return [
    ["GET", "/v1/sessions", acting],
    ["POST", "/v1/sessions", acting, validSession()],
    ["GET", `/v1/sessions/${sessionId}`, {}],
    ["GET", "/v1/api-keys", acting],
    ["POST", "/v1/api-keys", acting, { name: "sneaky", scopes: ["remote-viewing:read"] }],
    ["GET", "/v1/billing", acting],
    ["GET", "/v1/webhooks", acting],
    ["POST", "/v1/webhooks", acting, { url: "https://hooks.example.com/x", events: ["session.completed"] }],
    ["GET", `/v1/organizations/${orgId}`, {}],
    ["GET", `/v1/organizations/${orgId}/members`, {}],
    ["GET", `/v1/organizations/${orgId}/audit-log`, {}],
    ["GET", `/v1/organizations/${orgId}/billing`, {}],
    ["POST", `/v1/organizations/${orgId}/invitations`, {}, { email: "friend@example.com", role: "member" }],
  ] as const;
}

async function countRows(sql: string, ...binds: string[]) {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row!.n;
}

describe("an organization that requires MFA", () => {
  it("refuses a member without a factor everything of the organization's, until they enrol; keys keep working", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    await enrolTotp(owner);
    const session = await api("POST", "/v1/sessions", {
      token: owner.token,
      headers: asOrg(orgId),
      body: validSession(),
    });
    expect(session.status).toBe(201);
    const key = await api("POST", "/v1/api-keys", {
      token: owner.token,
      headers: asOrg(orgId),
      body: { name: "ci", scopes: ["remote-viewing:read"] },
    });
    expect(key.status).toBe(201);

    const on = await requireMfa(owner, orgId, true);
    expect(on.status).toBe(200);
    expect(on.body.data.require_mfa).toBe(true);
    expect(await auditActions(orgId)).toContain("organization.mfa_requirement_changed");
    const entry = await env.DB.prepare(
      "SELECT actor_user_id, before, after FROM audit_log WHERE organization_id = ? AND action = 'organization.mfa_requirement_changed'",
    )
      .bind(orgId)
      .first<{ actor_user_id: string; before: string; after: string }>();
    expect(entry!.actor_user_id).toBe(owner.id);
    expect(JSON.parse(entry!.before)).toEqual({ require_mfa: false });
    expect(JSON.parse(entry!.after)).toEqual({ require_mfa: true });

    const sessionsBefore = await countRows("SELECT COUNT(*) AS n FROM sessions WHERE organization_id = ?", orgId);
    const keysBefore = await countRows("SELECT COUNT(*) AS n FROM api_keys WHERE organization_id = ?", orgId);
    for (const [method, path, headers, body] of organizationRequests(orgId, session.body.data.id)) {
      const res = await api(method, path, { token: member.token, headers, body });
      const err = expectErrorEnvelope(res, 403, "ORGANIZATION_MFA_REQUIRED");
      expect(err.details.organization_id, `${method} ${path}`).toBe(orgId);
      expect(err.details.console).toBe("/security");
      expect(res.body.data).toBeUndefined();
    }
    // Nothing was created for the organization on the member's behalf.
    expect(await countRows("SELECT COUNT(*) AS n FROM sessions WHERE organization_id = ?", orgId)).toBe(sessionsBefore);
    expect(await countRows("SELECT COUNT(*) AS n FROM api_keys WHERE organization_id = ?", orgId)).toBe(keysBefore);

    // Their own resources stay theirs, and the list of their organizations says what is asked of them.
    expect((await api("POST", "/v1/sessions", { token: member.token, body: validSession() })).status).toBe(201);
    const mine = await api("GET", "/v1/organizations", { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.organizations.find((o: { id: string }) => o.id === orgId).require_mfa).toBe(true);

    // The organization's API key is not a person: it keeps working.
    const viaKey = await api("GET", "/v1/sessions", { apiKey: key.body.data.key });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body.data.sessions.map((s: { id: string }) => s.id)).toContain(session.body.data.id);

    // After enrolling an authenticator app, access returns.
    await enrolTotp(member);
    for (const [method, path, headers] of organizationRequests(orgId, session.body.data.id).filter(
      ([m]) => m === "GET",
    )) {
      const res = await api(method, path, { token: member.token, headers });
      expect(res.body.error?.code, `${method} ${path}`).not.toBe("ORGANIZATION_MFA_REQUIRED");
    }
    const listed = await api("GET", "/v1/sessions", { token: member.token, headers: asOrg(orgId) });
    expect(listed.status).toBe(200);
    expect(listed.body.data.sessions.map((s: { id: string }) => s.id)).toContain(session.body.data.id);
  });

  it("lets a member without a factor leave", async () => {
    const { orgId, owner, member } = await organizationWithTeam();
    await enrolTotp(owner);
    expect((await requireMfa(owner, orgId, true)).status).toBe(200);
    const left = await api("POST", `/v1/organizations/${orgId}/leave`, { token: member.token });
    expect(left.status).toBe(200);
    expect(await auditActions(orgId)).toContain("member.left");
  });

  it("cannot be turned on by an owner without a factor, nor on or off by an admin or a key", async () => {
    const { orgId, owner, admin } = await organizationWithTeam();
    const err = expectErrorEnvelope(await requireMfa(owner, orgId, true), 409, "MFA_NOT_ENROLLED");
    expect(err.details.enrol).toContain("POST /v1/users/me/mfa/totp");

    await enrolTotp(admin);
    expectErrorEnvelope(await requireMfa(admin, orgId, true), 403, "ORGANIZATION_ROLE_REQUIRED");

    await enrolTotp(owner);
    const key = await api("POST", "/v1/api-keys", {
      token: owner.token,
      headers: asOrg(orgId),
      body: { name: "ops", scopes: ["organizations:write"] },
    });
    expect(key.status).toBe(201);
    const byKey = await api("PATCH", `/v1/organizations/${orgId}`, {
      apiKey: key.body.data.key,
      body: { require_mfa: true },
    });
    expectErrorEnvelope(byKey, 403, "ORGANIZATION_ROLE_REQUIRED");
    expect(await auditActions(orgId)).not.toContain("organization.mfa_requirement_changed");

    expect((await requireMfa(owner, orgId, true)).status).toBe(200);
    expectErrorEnvelope(await requireMfa(admin, orgId, false), 403, "ORGANIZATION_ROLE_REQUIRED");
    const org = await api("GET", `/v1/organizations/${orgId}`, { token: owner.token });
    expect(org.body.data.require_mfa).toBe(true);
  });

  it("needs a recent second-factor check to change", async () => {
    const { orgId, owner } = await organizationWithTeam();
    await enrolTotp(owner);
    // The check recorded by enrolling is older than the step-up window.
    await env.DB.prepare("UPDATE mfa_checks SET verified_at = verified_at - 3600000 WHERE user_id = ?")
      .bind(owner.id)
      .run();
    expectErrorEnvelope(await requireMfa(owner, orgId, true), 403, "MFA_REQUIRED");
    const org = await api("GET", `/v1/organizations/${orgId}`, { token: owner.token });
    expect(org.body.data.require_mfa).toBe(false);
  });

  it("shows admins and owners which members have a factor, and other members nothing", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    await enrolTotp(admin);
    const seen = await api("GET", `/v1/organizations/${orgId}/members`, { token: owner.token });
    expect(seen.status).toBe(200);
    const byId = Object.fromEntries(
      seen.body.data.members.map((m: { user_id: string; mfa_enabled: boolean }) => [m.user_id, m.mfa_enabled]),
    );
    expect(byId).toEqual({ [owner.id]: false, [admin.id]: true, [member.id]: false });
    const asMember = await api("GET", `/v1/organizations/${orgId}/members`, { token: member.token });
    expect(asMember.body.data.members.map((m: { mfa_enabled: unknown }) => m.mfa_enabled)).toEqual([null, null, null]);
  });
});
