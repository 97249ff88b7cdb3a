// PUT /v1/organizations/{id}. Who may: test/routes/organizations/org-resources.test.ts and test/security/api1-bola.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, expectErrorEnvelope } from "../../support/http";
import { organizationWithTeam } from "../../support/organizations";

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
