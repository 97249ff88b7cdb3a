// POST /v1/api-keys. Who may call it is also tested for every operation at once: test/security/api1-bola.test.ts
// (another user's key), api5-function-level.test.ts and test/security/account-security-matrix.test.ts (only the holder
// signed in manages keys).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createKey, future } from "../../support/api-keys";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

describe("POST /v1/api-keys", () => {
  it("returns the key once, with a recognisable prefix, and stores only a hash", async () => {
    const u = await registerUser();
    const created = await createKey(u.token);
    expect(created.key).toMatch(/^sak_test_[0-9A-Za-z]{49}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.scopes).toEqual(["profile", "remote-viewing:read"]);
    const stored = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?")
      .bind(created.id)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await api("GET", "/v1/api-keys", { token: u.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(created.key);
    const listed = list.body.data.api_keys.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ name: "ci", prefix: created.prefix, revoked: false, last_used_at: null });
    expect(Object.keys(listed)).toEqual(
      expect.arrayContaining(["id", "name", "prefix", "scopes", "created_at", "expires_at", "last_used_at", "revoked"]),
    );
  });

  it("authenticates as X-API-Key and as Authorization: Bearer, with the key's scopes only", async () => {
    const u = await registerUser();
    const { key } = await createKey(u.token, { scopes: ["profile"] });
    expect((await api("GET", "/v1/users/me", { apiKey: key })).status).toBe(200);
    expect((await api("GET", "/v1/users/me", { token: key })).status).toBe(200);
    const me = await api("GET", "/v1/users/me", { apiKey: key });
    expect(me.body.data.email).toBeUndefined(); // no `email` scope
  });

  it("refuses scopes the creator lacks, past or far expiries, and unknown scopes", async () => {
    const u = await registerUser();
    const admin = await api("POST", "/v1/api-keys", {
      token: u.token,
      body: { name: "x", scopes: ["analytics:admin"], expires_at: future(1) },
    });
    expect(expectErrorEnvelope(admin, 403, "INSUFFICIENT_PERMISSIONS").details.missing_scopes).toEqual([
      "analytics:admin",
    ]);
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", {
        token: u.token,
        body: { name: "x", scopes: ["profile"], expires_at: future(-1) },
      }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", {
        token: u.token,
        body: { name: "x", scopes: ["profile"], expires_at: future(800) },
      }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", { token: u.token, body: { name: "x", scopes: ["superuser"] } }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/api-keys", { token: u.token, body: { scopes: ["profile"] } }),
      422,
      "MISSING_REQUIRED_FIELD",
    );
  });

  it("cannot be called with an API key (only the holder's sign-in mints keys)", async () => {
    const u = await registerUser();
    const { key } = await createKey(u.token);
    const res = await api("POST", "/v1/api-keys", { apiKey: key, body: { name: "y", scopes: ["profile"] } });
    expect(expectErrorEnvelope(res, 403, "INSUFFICIENT_PERMISSIONS").details.reason).toBe("sign_in_required");
    expect((await api("POST", "/v1/api-keys", { token: key, body: { name: "y", scopes: ["profile"] } })).status).toBe(
      403,
    );
  });

  it("defaults the expiry to one year", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/api-keys", { token: u.token, body: { name: "d", scopes: ["profile"] } });
    expect(res.status).toBe(201);
    const days = (Date.parse(res.body.data.expires_at) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(365);
  });
});
