// GET /v1/billing/packages: the public price list and the plans.
import { describe, expect, it } from "vitest";
import { api } from "../../support/http";

describe("GET /v1/billing/packages", () => {
  it("is a public price list", async () => {
    const res = await api("GET", "/v1/billing/packages");
    expect(res.status).toBe(200);
    expect(res.body.data.max_quantity).toBe(10);
    expect(res.body.data.packages).toContainEqual({
      code: "starter",
      name: "Starter",
      credits: 100,
      price: 10,
      currency: "USD",
    });
  });
  it("lists the plans with their fee, included credits and limits", async () => {
    const res = await api("GET", "/v1/billing/packages");
    expect(res.body.data.plans.map((p: any) => [p.tier, p.monthly_fee, p.included_credits])).toEqual([
      ["basic", 0, 100],
      ["professional", 49, 1000],
      ["enterprise", 499, 10000],
    ]);
    expect(res.body.data.plans[1]).toMatchObject({
      currency: "USD",
      requests_per_minute: 1000,
      requests_per_day: 10000,
      concurrent_sessions: 50,
    });
  });
});
