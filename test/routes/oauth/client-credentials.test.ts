import { decodeJwt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope, workerFetch } from "../../support/http";
import { basic, createClient, postForm } from "../../support/oauth";

const profileToken = (client: { client_id: string; client_secret: string | null }) =>
  postForm(
    "/oauth2/token",
    { grant_type: "client_credentials", scope: "profile" },
    { authorization: basic(client.client_id, client.client_secret!) },
  );

describe("POST /oauth2/token — client_credentials", () => {
  it("issues an RFC 9068 token (1 h) within the allowed scopes, no-store, no refresh token", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const before = Math.floor(Date.now() / 1000);
    const res = await profileToken(client);
    const after = Math.ceil(Date.now() / 1000);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "profile" });
    expect(res.body.refresh_token).toBeUndefined();
    // Issued during the request, however long it took.
    expect(res.body.issued_at).toBeGreaterThanOrEqual(before);
    expect(res.body.issued_at).toBeLessThanOrEqual(after);
    expect(decodeProtectedHeader(res.body.access_token)).toMatchObject({ typ: "at+jwt", alg: "ES256" });
    const claims = decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({
      iss: "http://127.0.0.1:8787",
      aud: "http://127.0.0.1:8787/v1",
      sub: u.id,
      client_id: client.client_id,
      scope: "profile",
    });
    for (const k of ["exp", "iat", "jti"]) expect(claims[k]).toBeDefined();

    const me = await api("GET", "/v1/users/me", { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(u.id);
    const stats = await api("GET", "/v1/users/me", { token: res.body.access_token });
    expect(stats.body.data.email).toBeUndefined();
  });

  it("accepts client_secret_post and defaults to all allowed scopes", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const res = await postForm("/oauth2/token", {
      grant_type: "client_credentials",
      client_id: client.client_id,
      client_secret: client.client_secret!,
    });
    expect(res.status).toBe(200);
    expect(res.body.scope.split(" ").sort()).toEqual(["analytics:read", "profile", "remote-viewing:read"]);
  });

  it("refuses scopes outside the client's allowance (invalid_scope) and unknown scopes", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    for (const scope of ["dowsing:write", "profile nonsense", "remote-viewing:admin"]) {
      const res = await postForm("/oauth2/token", { grant_type: "client_credentials", scope }, auth);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_scope");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("invalid_client: wrong secret (401 with a Basic challenge), unknown client, no credentials", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const wrong = await postForm(
      "/oauth2/token",
      { grant_type: "client_credentials" },
      { authorization: basic(client.client_id, "sacs_wrong") },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: "invalid_client" });
    expect(typeof wrong.body.error_description).toBe("string");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Basic /);

    const post = await postForm("/oauth2/token", {
      grant_type: "client_credentials",
      client_id: client.client_id,
      client_secret: "nope",
    });
    expect(post.status).toBe(401);
    expect(post.headers.get("www-authenticate")).toBeNull();

    expect(
      (
        await postForm("/oauth2/token", {
          grant_type: "client_credentials",
          client_id: "client_404",
          client_secret: "x",
        })
      ).status,
    ).toBe(401);
    expect((await postForm("/oauth2/token", { grant_type: "client_credentials" })).body.error).toBe("invalid_client");
    const malformed = await postForm(
      "/oauth2/token",
      { grant_type: "client_credentials" },
      { authorization: "Basic %%%" },
    );
    expect(malformed.status).toBe(401);
  });

  it("invalid_request: two auth methods, repeated parameters, wrong content type, missing grant_type", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const both = await postForm(
      "/oauth2/token",
      { grant_type: "client_credentials", client_secret: client.client_secret! },
      { authorization: basic(client.client_id, client.client_secret!) },
    );
    expect(both).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    const missing = await postForm("/oauth2/token", {}, {});
    expect(missing.body.error).toBe("invalid_request");
    const json = await api("POST", "/oauth2/token", { body: { grant_type: "client_credentials" } });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe("invalid_request");
  });

  it("unsupported_grant_type and unauthorized_client", async () => {
    const u = await registerUser();
    const client = await createClient(u.token, { grant_types: ["authorization_code"] });
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    expect(
      (await postForm("/oauth2/token", { grant_type: "password", username: "a", password: "b" }, auth)).body.error,
    ).toBe("unsupported_grant_type");
    expect((await postForm("/oauth2/token", { grant_type: "client_credentials" }, auth)).body.error).toBe(
      "unauthorized_client",
    );
  });

  it("a repeated parameter is invalid_request", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const res = await workerFetch(
      new Request("http://127.0.0.1:8787/oauth2/token", {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: basic(client.client_id, client.client_secret!),
        },
        body: "grant_type=client_credentials&scope=profile&scope=email",
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_request");
  });

  it("tokens of a deleted client stop working", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const res = await profileToken(client);
    expect((await api("GET", "/v1/users/me", { token: res.body.access_token })).status).toBe(200);
    expect((await api("DELETE", `/v1/oauth/clients/${client.client_id}`, { token: u.token })).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: res.body.access_token }), 401, "TOKEN_INVALID");
    expect(
      (
        await postForm(
          "/oauth2/token",
          { grant_type: "client_credentials" },
          { authorization: basic(client.client_id, client.client_secret!) },
        )
      ).status,
    ).toBe(401);
  });
});
