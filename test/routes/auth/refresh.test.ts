// POST /v1/auth/refresh. Which access tokens the API accepts: test/routes/auth/tokens.test.ts.
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

/** The token matrix (every kind of bad token) against an authenticated route. */

describe("POST /v1/auth/refresh", () => {
  it("rotates: returns a new access and refresh token, and the old refresh token is spent", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/auth/refresh", { body: { refresh_token: u.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body.data.expires_in).toBe(86400);
    expect(res.body.data.refresh_token).not.toBe(u.refreshToken);
    expect((await api("GET", "/v1/users/me", { token: res.body.data.token })).status).toBe(200);
    // Chaining works.
    const next = await api("POST", "/v1/auth/refresh", { body: { refresh_token: res.body.data.refresh_token } });
    expect(next.status).toBe(200);
  });

  it("reuse of a spent refresh token revokes the whole family, access tokens included", async () => {
    const u = await registerUser();
    const first = await api("POST", "/v1/auth/refresh", { body: { refresh_token: u.refreshToken } });
    const { token, refresh_token } = first.body.data;
    // An attacker replays the original token.
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: u.refreshToken } }),
      401,
      "TOKEN_INVALID",
    );
    // The legitimate holder's newer tokens are now dead too.
    expectErrorEnvelope(await api("POST", "/v1/auth/refresh", { body: { refresh_token } }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: u.token }), 401, "TOKEN_INVALID");
  });

  it("of two concurrent uses of one refresh token, at most one succeeds", async () => {
    const u = await registerUser();
    const results = await Promise.all(
      [1, 2, 3].map(() => api("POST", "/v1/auth/refresh", { body: { refresh_token: u.refreshToken } })),
    );
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    for (const r of results) expect([200, 401]).toContain(r.status);
  });

  it("refuses unknown tokens and bad bodies", async () => {
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: "sart_nope" } }),
      401,
      "TOKEN_INVALID",
    );
    expectErrorEnvelope(await api("POST", "/v1/auth/refresh", { body: {} }), 422, "MISSING_REQUIRED_FIELD");
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: "" } }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });
});
