import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { basic, codeFlow, createClient, exchangeCode, postForm, REDIRECT } from "../../support/oauth";

async function grant() {
  const flow = await codeFlow();
  const tokens = (await exchangeCode(flow.client, flow.code, flow.verifier)).body as {
    access_token: string;
    refresh_token: string;
  };
  return { ...flow, tokens, auth: { authorization: basic(flow.client.client_id, flow.client.client_secret!) } };
}

describe("POST /oauth2/introspect (RFC 7662)", () => {
  it("describes an active access token and refresh token of the calling client", async () => {
    const { user, client, tokens, auth } = await grant();
    const at = await postForm("/oauth2/introspect", { token: tokens.access_token }, auth);
    expect(at.status).toBe(200);
    expect(at.headers.get("cache-control")).toBe("no-store");
    expect(at.body).toMatchObject({
      active: true,
      token_type: "Bearer",
      client_id: client.client_id,
      sub: user.id,
      scope: "profile remote-viewing:read",
      iss: "http://127.0.0.1:8787",
    });
    expect(at.body.exp).toBeGreaterThan(Date.now() / 1000);
    const rt = await postForm(
      "/oauth2/introspect",
      { token: tokens.refresh_token, token_type_hint: "refresh_token" },
      auth,
    );
    expect(rt.body).toMatchObject({ active: true, token_type: "refresh_token", client_id: client.client_id });
  });

  it("reports {active:false} for garbage, other clients' tokens and first-party tokens", async () => {
    const { user, tokens } = await grant();
    const other = await createClient(user.token);
    const otherAuth = { authorization: basic(other.client_id, other.client_secret!) };
    for (const token of ["garbage", tokens.access_token, tokens.refresh_token, user.token, user.refreshToken]) {
      const res = await postForm("/oauth2/introspect", { token }, otherAuth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ active: false });
    }
  });

  it("requires confidential client authentication", async () => {
    const { tokens } = await grant();
    expect((await postForm("/oauth2/introspect", { token: tokens.access_token })).status).toBe(401);
    const u = await registerUser();
    const pub = await createClient(u.token, {
      client_type: "public",
      grant_types: ["authorization_code"],
      redirect_uris: [REDIRECT],
    });
    const res = await postForm("/oauth2/introspect", { token: tokens.access_token, client_id: pub.client_id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("invalid_client");
  });

  it("missing token is invalid_request", async () => {
    const { auth } = await grant();
    expect((await postForm("/oauth2/introspect", {}, auth)).body.error).toBe("invalid_request");
  });
});

describe("POST /oauth2/revoke (RFC 7009)", () => {
  it("revoking the refresh token revokes the grant: refresh and access tokens", async () => {
    const { tokens, auth } = await grant();
    const res = await postForm(
      "/oauth2/revoke",
      { token: tokens.refresh_token, token_type_hint: "refresh_token" },
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect(
      (await postForm("/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth)).body
        .error,
    ).toBe("invalid_grant");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: tokens.access_token }), 401, "TOKEN_INVALID");
    expect((await postForm("/oauth2/introspect", { token: tokens.access_token }, auth)).body).toEqual({
      active: false,
    });
  });

  it("revoking the access token (any hint) revokes the grant too", async () => {
    const { tokens, auth } = await grant();
    expect(
      (await postForm("/oauth2/revoke", { token: tokens.access_token, token_type_hint: "refresh_token" }, auth)).status,
    ).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: tokens.access_token }), 401, "TOKEN_INVALID");
    expect(
      (await postForm("/oauth2/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, auth)).body
        .error,
    ).toBe("invalid_grant");
  });

  it("unknown and foreign tokens get 200 and change nothing", async () => {
    const { user, tokens } = await grant();
    const other = await createClient(user.token);
    const otherAuth = { authorization: basic(other.client_id, other.client_secret!) };
    expect((await postForm("/oauth2/revoke", { token: "nonsense" }, otherAuth)).status).toBe(200);
    expect((await postForm("/oauth2/revoke", { token: tokens.access_token }, otherAuth)).status).toBe(200);
    expect((await api("GET", "/v1/users/me", { token: tokens.access_token })).status).toBe(200);
  });

  it("requires client authentication", async () => {
    const { tokens } = await grant();
    const res = await postForm(
      "/oauth2/revoke",
      { token: tokens.access_token },
      { authorization: basic("client_1", "bad") },
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
  });
});
