// POST /v1/api-keys/{id}/rotate. Another user's key is 404: test/routes/api-keys/revoke.test.ts and
// test/security/api1-bola.test.ts; only the holder signed in rotates: test/security/account-security-matrix.test.ts.
import { describe, expect, it } from "vitest";
import { createKey } from "../../support/api-keys";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("POST /v1/api-keys/{id}/rotate", () => {
  it("issues a new key; without a grace period the old one stops at once", async () => {
    const u = await registerUser();
    const old = await createKey(u.token);
    const res = await api("POST", `/v1/api-keys/${old.id}/rotate`, { token: u.token });
    expect(res.status).toBe(201);
    const fresh = res.body.data;
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.scopes).toEqual(old.scopes);
    expect((await api("GET", "/v1/users/me", { apiKey: fresh.key })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: old.key }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(
      await api("POST", `/v1/api-keys/${old.id}/rotate`, { token: u.token, body: {} }),
      409,
      "API_KEY_NOT_ROTATABLE",
    );
  });

  it("with a grace period both keys work until it ends; revoking ends it early", async () => {
    const u = await registerUser();
    const old = await createKey(u.token);
    const res = await api("POST", `/v1/api-keys/${old.id}/rotate`, {
      token: u.token,
      body: { grace_period_seconds: 3600 },
    });
    expect(res.status).toBe(201);
    expect((await api("GET", "/v1/users/me", { apiKey: old.key })).status).toBe(200);
    expect((await api("GET", "/v1/users/me", { apiKey: res.body.data.key })).status).toBe(200);
    const listed = (await api("GET", "/v1/api-keys", { token: u.token })).body.data.api_keys.find(
      (k: { id: string }) => k.id === old.id,
    );
    expect(listed).toMatchObject({ revoked: false, replaced_by: res.body.data.id });
    expect((await api("DELETE", `/v1/api-keys/${old.id}`, { token: u.token })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: old.key }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(
      await api("POST", `/v1/api-keys/${old.id}/rotate`, { token: u.token, body: { grace_period_seconds: 999999 } }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });

  it("requires a bearer token", async () => {
    const u = await registerUser();
    const old = await createKey(u.token);
    expectErrorEnvelope(
      await api("POST", `/v1/api-keys/${old.id}/rotate`, { apiKey: old.key, body: {} }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
