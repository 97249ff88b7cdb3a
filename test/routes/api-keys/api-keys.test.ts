import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function createKey(token: string, body: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/api-keys", {
    token,
    body: { name: "ci", scopes: ["profile", "remote-viewing:read"], expires_at: future(30), ...body },
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${res.text}`);
  return res.body.data as { id: string; key: string; prefix: string; scopes: string[] };
}

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

describe("API key authentication failures", () => {
  it("401 for a wrong checksum, an unknown key, a revoked key and an expired key", async () => {
    const u = await registerUser();
    const { key, id } = await createKey(u.token);
    const tampered = key.slice(0, -1) + (key.endsWith("A") ? "B" : "A");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: tampered }), 401, "TOKEN_INVALID");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: "sak_live_nope" }), 401, "TOKEN_INVALID");

    const del = await api("DELETE", `/v1/api-keys/${id}`, { token: u.token });
    expect(del.status).toBe(200);
    expect(del.body.data.revoked).toBe(true);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: key }), 401, "TOKEN_INVALID");
    expect((await api("DELETE", `/v1/api-keys/${id}`, { token: u.token })).status).toBe(200); // idempotent

    const other = await createKey(u.token);
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), other.id)
      .run();
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: other.key }), 401, "TOKEN_EXPIRED");
  });

  it("refuses a request that sends both a bearer token and an API key", async () => {
    const u = await registerUser();
    const { key } = await createKey(u.token);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { apiKey: key, token: u.token }), 401, "TOKEN_INVALID");
  });

  it("another user's key is a 404 to revoke or rotate", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const { id } = await createKey(a.token);
    expectErrorEnvelope(await api("DELETE", `/v1/api-keys/${id}`, { token: b.token }), 404, "RESOURCE_NOT_FOUND");
    expectErrorEnvelope(
      await api("POST", `/v1/api-keys/${id}/rotate`, { token: b.token, body: {} }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });

  it("logout with an API key is refused: keys are revoked, not logged out", async () => {
    const u = await registerUser();
    const { key } = await createKey(u.token);
    expectErrorEnvelope(await api("POST", "/v1/auth/logout", { apiKey: key }), 403, "INSUFFICIENT_PERMISSIONS");
    expect((await api("GET", "/v1/users/me", { apiKey: key })).status).toBe(200);
  });
});

describe("last_used_at", () => {
  it("is recorded, and written at most once a minute", async () => {
    const u = await registerUser();
    const { key, id } = await createKey(u.token);
    await api("GET", "/v1/users/me", { apiKey: key });
    const read = async () =>
      (await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE id = ?")
        .bind(id)
        .first<{ last_used_at: string | null }>())!.last_used_at;
    let first: string | null = null;
    for (let i = 0; i < 50 && !first; i++) {
      first = await read();
      if (!first) await new Promise((r) => setTimeout(r, 20));
    }
    expect(first).not.toBeNull();
    await api("GET", "/v1/users/me", { apiKey: key });
    await new Promise((r) => setTimeout(r, 100));
    expect(await read()).toBe(first);
  });
});

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
