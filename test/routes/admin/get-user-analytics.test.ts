// GET /v1/admin/analytics/users. Who may call an admin operation: test/security/api5-function-level.test.ts.
import { describe, expect, it } from "vitest";
import { verifyEmail } from "../../support/email";
import { adminUser, PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("GET /v1/admin/analytics/users", () => {
  it("counts users, tiers, new and active users, and countries from the edge", async () => {
    const admin = await adminUser();
    const before = (await api("GET", "/v1/admin/analytics/users?period=week", { token: admin.token })).body.data;
    // Three new professional users from Antarctica (only this test uses AQ).
    for (let i = 0; i < 3; i++) {
      const res = await api("POST", "/v1/auth/register", {
        body: {
          email: uniqueEmail("aq"),
          username: "penguin",
          password: PASSWORD,
          tier: "professional",
          marketing_consent: false,
        },
        cf: { country: "AQ" },
      });
      expect(res.status).toBe(201);
      // A paid tier's trial starts when the email is verified (the free plan until then).
      await verifyEmail({ id: res.body.data.user.id });
    }
    const after = (await api("GET", "/v1/admin/analytics/users?period=week", { token: admin.token })).body.data;
    expect(after.period).toBe("week");
    expect(after.total_users - before.total_users).toBe(3);
    expect(after.new_users - before.new_users).toBe(3);
    expect(after.active_users - before.active_users).toBe(3);
    expect(after.tier_distribution.professional - before.tier_distribution.professional).toBe(3);
    const aq = after.geographic_distribution.find((g: any) => g.country === "AQ");
    expect(aq.users).toBe(3);
    expect(aq.percentage).toBeCloseTo((3 / after.total_users) * 100, 1);
    const sum = after.geographic_distribution.reduce((n: number, g: any) => n + g.users, 0);
    expect(sum).toBe(after.total_users);
    expect(after.retention_rate).toBeGreaterThanOrEqual(0);
    expect(after.retention_rate).toBeLessThanOrEqual(1);
  });

  it("filters by tier", async () => {
    const admin = await adminUser();
    await registerUser({ tier: "enterprise" });
    const res = await api("GET", "/v1/admin/analytics/users?period=year&tier=enterprise", { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.tier).toBe("enterprise");
    expect(d.tier_distribution.basic).toBe(0);
    expect(d.tier_distribution.professional).toBe(0);
    expect(d.total_users).toBe(d.tier_distribution.enterprise);
  });

  it("validates period and tier", async () => {
    const admin = await adminUser();
    const bad = expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users?period=decade", { token: admin.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(bad.details.field).toBe("period");
    expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users?tier=gold", { token: admin.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });
});
