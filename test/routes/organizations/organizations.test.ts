import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, createOrganization, organizationWithTeam } from "../../support/organizations";

describe("POST /v1/organizations", () => {
  it("creates an organization whose creator is its owner, and audits it", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/organizations", {
      token: u.token,
      body: { name: "  Acme Research " },
      headers: { "cf-connecting-ip": "203.0.113.7", "x-request-id": "req-create-org-1" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Acme Research", role: "owner" });
    expect(res.body.data.id).toMatch(/^org_\d+$/);
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE organization_id = ?")
      .bind(res.body.data.id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      action: "organization.created",
      actor_user_id: u.id,
      target_type: "organization",
      target_id: res.body.data.id,
      request_id: "req-create-org-1",
      ip: "203.0.113.7",
    });
    expect(JSON.parse(row!.after!)).toEqual({ name: "Acme Research" });
  });

  it.each([[{}], [{ name: "" }], [{ name: "x".repeat(101) }], [{ name: 42 }]])("refuses %j with 422", async (body) => {
    const u = await registerUser();
    const res = await api("POST", "/v1/organizations", { token: u.token, body });
    expect(res.status).toBe(422);
    expect(res.body.error.details.field).toBe("name");
  });

  it("caps the organizations one account owns", async () => {
    const u = await registerUser();
    for (let i = 0; i < 10; i++) await createOrganization(u, `Org ${i}`);
    expectErrorEnvelope(
      await api("POST", "/v1/organizations", { token: u.token, body: { name: "one too many" } }),
      409,
      "ORGANIZATION_LIMIT_REACHED",
    );
  });
});

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

describe("PUT /v1/organizations/{id} (rename)", () => {
  it("admins rename, members may not; the audit log keeps before and after", async () => {
    const { orgId, admin, member } = await organizationWithTeam();
    const refused = await api("PUT", `/v1/organizations/${orgId}`, { token: member.token, body: { name: "Nope" } });
    const err = expectErrorEnvelope(refused, 403, "ORGANIZATION_ROLE_REQUIRED");
    expect(err.details).toEqual({ required_role: "admin", role: "member" });
    const res = await api("PUT", `/v1/organizations/${orgId}`, { token: admin.token, body: { name: "Acme Labs" } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Acme Labs");
    const row = await env.DB.prepare(
      "SELECT before, after FROM audit_log WHERE organization_id = ? AND action = 'organization.renamed'",
    )
      .bind(orgId)
      .first<{ before: string; after: string }>();
    expect(JSON.parse(row!.before)).toEqual({ name: "Acme Research" });
    expect(JSON.parse(row!.after)).toEqual({ name: "Acme Labs" });
  });
});

describe("DELETE /v1/organizations/{id}", () => {
  it("only the owner deletes; members lose access at once, the audit log stays", async () => {
    const { orgId, owner, admin, member } = await organizationWithTeam();
    expectErrorEnvelope(
      await api("DELETE", `/v1/organizations/${orgId}`, { token: admin.token }),
      403,
      "ORGANIZATION_ROLE_REQUIRED",
    );
    const res = await api("DELETE", `/v1/organizations/${orgId}`, { token: owner.token });
    expect(res.status).toBe(200);
    for (const u of [owner, member]) {
      expectErrorEnvelope(
        await api("GET", `/v1/organizations/${orgId}`, { token: u.token }),
        404,
        "RESOURCE_NOT_FOUND",
      );
      expect((await api("GET", "/v1/organizations", { token: u.token })).body.data.organizations).toEqual([]);
    }
    expect(await auditActions(orgId)).toContain("organization.deleted");
    const members = await env.DB.prepare("SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ?")
      .bind(orgId)
      .first<{ n: number }>();
    expect(members!.n).toBe(0);
  });

  it("refuses while a session of the organization is pending or processing", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const now = new Date().toISOString();
    // An organization session in flight, as the session service writes it.
    await env.DB.prepare(
      `INSERT INTO sessions (id, user_id, organization_id, cue, session_type, status, requested_duration, confidence_threshold,
       analysis_types, priority, credits_required, credits_used, analysis_id, created_at, estimated_completion, updated_at)
       VALUES (?, ?, ?, 'cue', 'dowsing', 'processing', 60, 0.5, '[]', 'normal', 1, 1, 'analysis_1', ?, ?, ?)`,
    )
      .bind(`session_${Date.now()}999999`, owner.id, orgId, now, now, now)
      .run();
    expectErrorEnvelope(
      await api("DELETE", `/v1/organizations/${orgId}`, { token: owner.token }),
      409,
      "ORGANIZATION_HAS_ACTIVE_SESSIONS",
    );
  });
});

describe("the audit log is append-only", () => {
  it("the database refuses to update or delete an entry", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    const update = env.DB.prepare("UPDATE audit_log SET action = 'x' WHERE organization_id = ?").bind(orgId);
    await expect(update.run()).rejects.toThrow(/append-only/);
    const remove = env.DB.prepare("DELETE FROM audit_log WHERE organization_id = ?").bind(orgId);
    await expect(remove.run()).rejects.toThrow(/append-only/);
  });
});
