// GET /v1/users/me (spec §4 "User endpoints"): the full User resource.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api } from "../../support/http";
import { mintToken } from "../../support/tokens";

describe("GET /v1/users/me", () => {
  it("returns the full User resource", async () => {
    const u = await registerUser({ tier: "professional" }, { verified: false });
    const res = await api("GET", "/v1/users/me", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: u.id,
      email: u.email,
      username: "tester",
      // The free plan until the email is verified: the chosen tier's trial starts then (billing/trial.ts).
      tier: "basic",
      email_verified: false,
      // Free credits come with a verified email, not with registration (docs/decisions.md "Free credits").
      credits: 0,
      created_at: expect.any(String),
      last_login: expect.any(String),
      preferences: { notifications: true, theme: "light", language: "en" },
      usage_stats: {
        sessions_this_month: expect.any(Number),
        total_sessions: expect.any(Number),
        success_rate: expect.any(Number),
      },
    });
    expect(res.body.data).not.toHaveProperty("password_hash");
    expect(JSON.stringify(res.body)).not.toMatch(/pbkdf2/);
  });

  it("omits the email for a credential without the email scope", async () => {
    const u = await registerUser();
    const token = await mintToken(u.id, { scopes: ["profile"] });
    const res = await api("GET", "/v1/users/me", { token });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBeUndefined();
    expect(res.body.data.id).toBe(u.id);
  });
});
