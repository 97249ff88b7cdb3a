// Authenticating with an API key (spec §5 "API keys"): X-API-Key or Bearer, the refusals, last_used_at.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createKey } from "../../support/api-keys";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";

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
    const read = async () =>
      (await env.DB.prepare("SELECT last_used_at FROM api_keys WHERE id = ?")
        .bind(id)
        .first<{ last_used_at: string | null }>())!.last_used_at;
    // The write is the request's background work: each check waits for it to finish, not for a pause.
    expect((await api("GET", "/v1/users/me", { apiKey: key, settled: true })).status).toBe(200);
    const first = await read();
    expect(first).not.toBeNull();
    expect((await api("GET", "/v1/users/me", { apiKey: key, settled: true })).status).toBe(200);
    expect(await read()).toBe(first);
  });
});
