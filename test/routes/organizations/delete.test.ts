// DELETE /v1/organizations/{id}. Another organization is 404: test/security/api1-bola.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { auditActions, createOrganization, organizationWithTeam } from "../../support/organizations";

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
