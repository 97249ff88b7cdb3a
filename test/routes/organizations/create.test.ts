// POST /v1/organizations. Another organization is 404 on every operation: test/security/api1-bola.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { createOrganization } from "../../support/organizations";

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
