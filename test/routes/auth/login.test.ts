import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("POST /v1/auth/login", () => {
  it("returns user, token, expires_in 86400 and a refresh token, and records last_login", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/auth/login", { body: { email: u.email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user: { id: u.id, email: u.email, tier: "basic" },
      expires_in: 86400,
      token_type: "Bearer",
    });
    expect(res.body.data.refresh_token).toMatch(/^sart_/);
    const me = await api("GET", "/v1/users/me", { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(Date.parse(me.body.data.last_login)).toBeGreaterThan(Date.now() - 60_000);
    const row = await env.DB.prepare("SELECT country FROM users WHERE id = ?").bind(u.id).first<{ country: string }>();
    expect(row?.country).toBe("unknown");
  });

  it("fails a wrong password and an unknown email identically", async () => {
    const u = await registerUser();
    const wrong = expectErrorEnvelope(
      await api("POST", "/v1/auth/login", { body: { email: u.email, password: "wrong-password-1" } }),
      401,
      "INVALID_CREDENTIALS",
    );
    const unknown = expectErrorEnvelope(
      await api("POST", "/v1/auth/login", { body: { email: uniqueEmail("nobody"), password: PASSWORD } }),
      401,
      "INVALID_CREDENTIALS",
    );
    expect(wrong.message).toBe(unknown.message);
    expect(wrong.details).toEqual(unknown.details);
  });

  it("validates the body", async () => {
    expectErrorEnvelope(
      await api("POST", "/v1/auth/login", { body: { email: "a@b.c" } }),
      422,
      "MISSING_REQUIRED_FIELD",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/auth/login", { body: { email: 1, password: "x" } }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });
});
