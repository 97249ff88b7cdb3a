// PUT /v1/users/me (spec §4 "User endpoints").
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { mintToken } from "../../support/tokens";

describe("PUT /v1/users/me", () => {
  it("updates username and preferences and returns id, username, preferences", async () => {
    const u = await registerUser();
    const res = await api("PUT", "/v1/users/me", {
      token: u.token,
      body: { username: "grace.h", preferences: { theme: "dark", language: "es", notifications: false } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: u.id,
      username: "grace.h",
      preferences: { theme: "dark", language: "es", notifications: false },
    });
    const me = await api("GET", "/v1/users/me", { token: u.token });
    expect(me.body.data.username).toBe("grace.h");
    expect(me.body.data.preferences).toEqual({ theme: "dark", language: "es", notifications: false });
  });

  it("a partial preferences object changes only what it names", async () => {
    const u = await registerUser();
    await api("PUT", "/v1/users/me", { token: u.token, body: { preferences: { theme: "dark" } } });
    const me = await api("GET", "/v1/users/me", { token: u.token });
    expect(me.body.data.preferences).toEqual({ theme: "dark", language: "en", notifications: true });
    expect(me.body.data.username).toBe("tester");
  });

  it("ignores attempts to set tier, credits, role, email or id (mass assignment)", async () => {
    const u = await registerUser();
    const res = await api("PUT", "/v1/users/me", {
      token: u.token,
      body: {
        tier: "enterprise",
        credits: 999999,
        role: "admin",
        email: "evil@example.com",
        id: "user_1",
        password_hash: "x",
        username: "still_me",
      },
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT u.id, a.tier, a.balance AS credits, u.role, u.email, u.username FROM users u JOIN billing_accounts a ON a.owner_type = 'user' AND a.owner_id = u.id WHERE u.id = ?",
    )
      .bind(u.id)
      .first();
    expect(row).toEqual({ id: u.id, tier: "basic", credits: 100, role: "user", email: u.email, username: "still_me" });
  });

  it("validates fields, naming them", async () => {
    const u = await registerUser();
    const theme = expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { token: u.token, body: { preferences: { theme: "neon" } } }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(theme.details.field).toBe("preferences.theme");
    const lang = expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { token: u.token, body: { preferences: { language: "klingon" } } }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(lang.details.field).toBe("preferences.language");
    const notif = expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { token: u.token, body: { preferences: { notifications: "yes" } } }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(notif.details.field).toBe("preferences.notifications");
    const long = expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { token: u.token, body: { username: "x".repeat(40) } }),
      422,
      "FIELD_TOO_LONG",
    );
    expect(long.details.field).toBe("username");
  });

  it("requires authentication and the profile scope", async () => {
    expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { body: { username: "x_y_z" } }),
      401,
      "AUTHENTICATION_REQUIRED",
    );
    const u = await registerUser();
    const token = await mintToken(u.id, { scopes: ["email"] });
    expectErrorEnvelope(
      await api("PUT", "/v1/users/me", { token, body: { username: "x_y_z" } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
