// POST /v1/oauth/clients (list.ts and get.ts are read back here: neither returns the secret).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { clientCredentialsToken, createClient } from "../../support/oauth";

const body = (o: Record<string, unknown> = {}) => ({
  name: "App",
  client_type: "confidential",
  redirect_uris: ["https://app.example/cb"],
  grant_types: ["authorization_code"],
  scopes: ["profile"],
  ...o,
});

describe("POST /v1/oauth/clients", () => {
  it("registers a client, returns the secret once, stores only its hash; list and get omit it", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/oauth/clients", { token: u.token, body: body() });
    expect(res.status).toBe(201);
    const c = res.body.data;
    expect(c.client_secret).toMatch(/^sacs_/);
    expect(c.grant_types).toEqual(["authorization_code", "refresh_token"]);
    expect(c.token_endpoint_auth_method).toBe("client_secret_basic");
    const row = await env.DB.prepare("SELECT * FROM oauth_clients WHERE id = ?")
      .bind(c.client_id)
      .first<Record<string, string>>();
    expect(JSON.stringify(row)).not.toContain(c.client_secret);
    const list = await api("GET", "/v1/oauth/clients", { token: u.token });
    expect(list.text).not.toContain(c.client_secret);
    expect(list.body.data.clients.map((x: { client_id: string }) => x.client_id)).toContain(c.client_id);
    const one = await api("GET", `/v1/oauth/clients/${c.client_id}`, { token: u.token });
    expect(one.status).toBe(200);
    expect(one.body.data.client_secret).toBeUndefined();
  });
  it("validates redirect URIs: https, or http on loopback; no fragments", async () => {
    const u = await registerUser();
    for (const uri of [
      "http://app.example/cb",
      "https://app.example/cb#frag",
      "/relative",
      "javascript:alert(1)",
      "https://user:pw@app.example/cb",
    ]) {
      const res = await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ redirect_uris: [uri] }) });
      expectErrorEnvelope(res, 422, "INVALID_FIELD_VALUE");
    }
    for (const uri of [
      "http://127.0.0.1:5000/cb",
      "http://[::1]/cb",
      "http://localhost:3000/cb",
      "https://app.example/cb?x=1",
    ]) {
      expect(
        (await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ redirect_uris: [uri] }) })).status,
      ).toBe(201);
    }
  });
  it("refuses a public client_credentials client, code clients without redirect URIs, scopes the caller lacks", async () => {
    const u = await registerUser();
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", {
        token: u.token,
        body: body({ client_type: "public", grant_types: ["client_credentials"] }),
      }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ redirect_uris: [] }) }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ scopes: ["analytics:admin"] }) }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ grant_types: ["password"] }) }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(
      (
        await api("POST", "/v1/oauth/clients", {
          token: u.token,
          body: body({ grant_types: ["client_credentials"], redirect_uris: [] }),
        })
      ).status,
    ).toBe(201);
  });
  it("accepts refresh_token beside authorization_code (RFC 7591 §2), stored implied; refuses it without that grant", async () => {
    const u = await registerUser();
    for (const grants of [
      ["authorization_code", "refresh_token"],
      ["refresh_token", "authorization_code", "refresh_token"],
    ]) {
      const res = await api("POST", "/v1/oauth/clients", { token: u.token, body: body({ grant_types: grants }) });
      expect(res.status).toBe(201);
      expect(res.body.data.grant_types).toEqual(["authorization_code", "refresh_token"]);
      const row = await env.DB.prepare("SELECT grant_types FROM oauth_clients WHERE id = ?")
        .bind(res.body.data.client_id)
        .first<{ grant_types: string }>();
      expect(JSON.parse(row!.grant_types)).toEqual(["authorization_code"]);
    }
    const both = await api("POST", "/v1/oauth/clients", {
      token: u.token,
      body: body({ grant_types: ["authorization_code", "client_credentials", "refresh_token"] }),
    });
    expect(both.status).toBe(201);
    expect(both.body.data.grant_types).toEqual(["authorization_code", "client_credentials", "refresh_token"]);
    for (const grants of [["refresh_token"], ["client_credentials", "refresh_token"]]) {
      const err = expectErrorEnvelope(
        await api("POST", "/v1/oauth/clients", {
          token: u.token,
          body: body({ grant_types: grants, redirect_uris: [] }),
        }),
        422,
        "INVALID_FIELD_VALUE",
      );
      expect(err.details.field).toBe("grant_types");
    }
  });
  it("needs a bearer token to register; an OAuth token cannot register clients with scopes it lacks", async () => {
    const u = await registerUser();
    const key = await api("POST", "/v1/api-keys", { token: u.token, body: { name: "k", scopes: ["profile"] } });
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", { apiKey: key.body.data.key, body: body() }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    const client = await createClient(u.token);
    const cc = await clientCredentialsToken(client, "profile");
    expectErrorEnvelope(
      await api("POST", "/v1/oauth/clients", { token: cc.access_token, body: body({ scopes: ["analytics:read"] }) }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});
