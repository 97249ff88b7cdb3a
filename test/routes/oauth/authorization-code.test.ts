import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import {
  authorizeAndApprove,
  Browser,
  basic,
  codeFlow,
  createClient,
  exchangeCode,
  pkcePair,
  postForm,
  REDIRECT,
} from "../../support/oauth";

describe("authorization_code + PKCE at POST /oauth2/token", () => {
  it("exchanges the code for an access token and a refresh token; the redirect carries state and iss", async () => {
    const { user, client, verifier, state, code, back } = await codeFlow();
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(state);
    expect(back.searchParams.get("iss")).toBe("http://127.0.0.1:8787");
    const res = await exchangeCode(client, code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "profile remote-viewing:read" });
    expect(res.body.refresh_token).toMatch(/^sart_/);
    expect(decodeJwt(res.body.access_token)).toMatchObject({ sub: user.id, client_id: client.client_id });
    expect((await api("GET", "/v1/users/me", { token: res.body.access_token })).status).toBe(200);
  });

  it("a reused code is refused and the tokens issued from it are revoked", async () => {
    const { client, verifier, code } = await codeFlow();
    const first = await exchangeCode(client, code, verifier);
    expect(first.status).toBe(200);
    const second = await exchangeCode(client, code, verifier);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe("invalid_grant");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: first.body.access_token }), 401, "TOKEN_INVALID");
    const refreshed = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: first.body.refresh_token },
      { authorization: basic(client.client_id, client.client_secret!) },
    );
    expect(refreshed.body.error).toBe("invalid_grant");
  });

  it("checks the code_verifier, the redirect_uri and the client", async () => {
    const { user, client, verifier, code } = await codeFlow();
    expect((await exchangeCode(client, code, (await pkcePair()).verifier)).body.error).toBe("invalid_grant");
    expect((await exchangeCode(client, code, verifier, { redirect_uri: "https://app.example/other" })).body.error).toBe(
      "invalid_grant",
    );
    const noVerifier = await postForm(
      "/oauth2/token",
      { grant_type: "authorization_code", code, redirect_uri: REDIRECT },
      { authorization: basic(client.client_id, client.client_secret!) },
    );
    expect(noVerifier.body.error).toBe("invalid_request");
    const other = await createClient(user.token);
    expect((await exchangeCode(other, code, verifier)).body.error).toBe("invalid_grant");
    expect((await exchangeCode(client, "saac_garbage", verifier)).body.error).toBe("invalid_grant");
    // Failed attempts did not burn the code for its rightful client.
    expect((await exchangeCode(client, code, verifier)).status).toBe(200);
  });

  it("an expired code is refused", async () => {
    const { client, verifier, code } = await codeFlow();
    await env.DB.prepare("UPDATE oauth_authorization_codes SET expires_at = ? WHERE used_at IS NULL AND client_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), client.client_id)
      .run();
    expect((await exchangeCode(client, code, verifier)).body.error).toBe("invalid_grant");
  });

  it("public clients: no secret, PKCE required", async () => {
    const u = await registerUser();
    const client = await createClient(u.token, {
      client_type: "public",
      grant_types: ["authorization_code"],
      redirect_uris: [REDIRECT],
    });
    expect(client.client_secret).toBeNull();
    const browser = new Browser();
    // Without PKCE: redirected back with invalid_request.
    const noPkce = await browser.request(
      "GET",
      `/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: REDIRECT, state: "s1" })}`,
    );
    expect(noPkce.status).toBe(302);
    const err = new URL(noPkce.location!);
    expect(err.searchParams.get("error")).toBe("invalid_request");
    expect(err.searchParams.get("state")).toBe("s1");
    // plain is refused.
    const plain = await browser.request(
      "GET",
      `/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: REDIRECT, code_challenge: "a".repeat(43), code_challenge_method: "plain" })}`,
    );
    expect(new URL(plain.location!).searchParams.get("error")).toBe("invalid_request");

    const { verifier, challenge } = await pkcePair();
    const back = await authorizeAndApprove(browser, u, {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "profile",
      state: "s2",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const code = back.searchParams.get("code")!;
    const res = await postForm("/oauth2/token", {
      grant_type: "authorization_code",
      client_id: client.client_id,
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    // A public client cannot present a secret, nor use client_credentials.
    expect(
      (await postForm("/oauth2/token", { grant_type: "client_credentials", client_id: client.client_id })).body.error,
    ).toBe("unauthorized_client");
    expect(
      (
        await postForm("/oauth2/token", {
          grant_type: "client_credentials",
          client_id: client.client_id,
          client_secret: "x",
        })
      ).status,
    ).toBe(401);

    // Refresh as a public client (client_id only), rotated.
    const r = await postForm("/oauth2/token", {
      grant_type: "refresh_token",
      client_id: client.client_id,
      refresh_token: res.body.refresh_token,
    });
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(res.body.refresh_token);
  });

  it("a confidential client without PKCE works, but a stray code_verifier is refused", async () => {
    const u = await registerUser();
    const client = await createClient(u.token);
    const browser = new Browser();
    const params = {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "profile",
      state: "x",
    };
    const code1 = (await authorizeAndApprove(browser, u, params)).searchParams.get("code")!;
    expect((await exchangeCode(client, code1, (await pkcePair()).verifier)).body.error).toBe("invalid_grant");
    const code2 = (await authorizeAndApprove(browser, u, params)).searchParams.get("code")!;
    const ok = await postForm(
      "/oauth2/token",
      { grant_type: "authorization_code", code: code2, redirect_uri: REDIRECT },
      { authorization: basic(client.client_id, client.client_secret!) },
    );
    expect(ok.status).toBe(200);
  });
});

describe("refresh_token grant", () => {
  it("rotates on every use and may narrow the scope", async () => {
    const { client, verifier, code } = await codeFlow();
    const tokens = (await exchangeCode(client, code, verifier)).body;
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    const r1 = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token, scope: "profile" },
      auth,
    );
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "profile" });
    expect(r1.body.refresh_token).toMatch(/^sart_/);
    const r2 = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: r1.body.refresh_token },
      auth,
    );
    expect(r2.body.scope).toBe("profile remote-viewing:read"); // the grant keeps its scope
    const wider = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: r2.body.refresh_token, scope: "profile dowsing:read" },
      auth,
    );
    expect(wider.body.error).toBe("invalid_scope");
    // The invalid_scope attempt did not burn the token.
    expect(
      (await postForm("/oauth2/token", { grant_type: "refresh_token", refresh_token: r2.body.refresh_token }, auth))
        .status,
    ).toBe(200);
  });

  it("reuse of a rotated refresh token revokes the family and its access tokens", async () => {
    const { client, verifier, code } = await codeFlow();
    const tokens = (await exchangeCode(client, code, verifier)).body;
    const auth = { authorization: basic(client.client_id, client.client_secret!) };
    const r1 = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
      auth,
    );
    expect(r1.status).toBe(200);
    const replay = await postForm(
      "/oauth2/token",
      { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
      auth,
    );
    expect(replay.body.error).toBe("invalid_grant");
    expect(
      (await postForm("/oauth2/token", { grant_type: "refresh_token", refresh_token: r1.body.refresh_token }, auth))
        .body.error,
    ).toBe("invalid_grant");
    expectErrorEnvelope(await api("GET", "/v1/users/me", { token: r1.body.access_token }), 401, "TOKEN_INVALID");
  });

  it("is bound to its client; first-party refresh tokens are not accepted here and vice versa", async () => {
    const { user, client, verifier, code } = await codeFlow();
    const tokens = (await exchangeCode(client, code, verifier)).body;
    const other = await createClient(user.token);
    expect(
      (
        await postForm(
          "/oauth2/token",
          { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
          { authorization: basic(other.client_id, other.client_secret!) },
        )
      ).body.error,
    ).toBe("invalid_grant");
    expect(
      (
        await postForm(
          "/oauth2/token",
          { grant_type: "refresh_token", refresh_token: user.refreshToken },
          { authorization: basic(client.client_id, client.client_secret!) },
        )
      ).body.error,
    ).toBe("invalid_grant");
    expectErrorEnvelope(
      await api("POST", "/v1/auth/refresh", { body: { refresh_token: tokens.refresh_token } }),
      401,
      "TOKEN_INVALID",
    );
    // Still usable by its own client.
    expect(
      (
        await postForm(
          "/oauth2/token",
          { grant_type: "refresh_token", refresh_token: tokens.refresh_token },
          { authorization: basic(client.client_id, client.client_secret!) },
        )
      ).status,
    ).toBe(200);
  });
});
