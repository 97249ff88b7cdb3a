import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { signInAndApprove } from "./support/authorize-driver";
import { sharedServer } from "./support/shared-server";

/**
 * Black-box conformance: a certified OAuth client library (oauth4webapi)
 * drives the authorization server in a real `wrangler dev`, as any client
 * would: discovery, client_credentials, authorization_code + PKCE (S256),
 * refresh, introspection, revocation, and RFC 9068 access-token validation.
 */
const PASSWORD = "correct-horse-42";
const insecure = { [oauth.allowInsecureRequests]: true } as const; // http://127.0.0.1 in tests only

describe("OAuth 2.0 conformance with oauth4webapi", () => {
  const server = sharedServer();
  let as: oauth.AuthorizationServer;
  let email: string;
  let userToken: string;
  const redirectUri = "http://127.0.0.1:9/callback";

  const v1 = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${server.url}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    email = `conformance.${Date.now()}@example.com`;
    const reg = await fetch(`${server.url}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email,
        username: "conformance",
        password: PASSWORD,
        tier: "basic",
        marketing_consent: false,
      }),
    });
    userToken = ((await reg.json()) as any).data.token;
    const issuer = new URL(server.url);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
    );
  });

  it("discovery: RFC 8414 metadata for this issuer", () => {
    expect(as.issuer).toBe(server.url);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.token_endpoint).toBe(`${server.url}/oauth2/token`);
  });

  it("client_credentials with client_secret_basic; the token validates as RFC 9068 against the JWKS", async () => {
    const created = await v1("POST", "/oauth/clients", userToken, {
      name: "cc",
      client_type: "confidential",
      grant_types: ["client_credentials"],
      scopes: ["profile", "analytics:read"],
    });
    expect(created.status).toBe(201);
    const client: oauth.Client = { client_id: created.body.data.client_id };
    const res = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(created.body.data.client_secret),
      { scope: "profile" },
      insecure,
    );
    const tokens = await oauth.processClientCredentialsResponse(as, client, res);
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("profile");

    const claims = await oauth.validateJwtAccessToken(
      as,
      new Request(`${server.url}/v1/users/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
      `${server.url}/v1`,
      insecure,
    );
    expect(claims.client_id).toBe(client.client_id);
    expect(claims.iss).toBe(server.url);
    expect((await v1("GET", "/users/me", tokens.access_token)).status).toBe(200);
  });

  it("authorization_code + PKCE (confidential, client_secret_post), refresh, introspect, revoke", async () => {
    const created = await v1("POST", "/oauth/clients", userToken, {
      name: "Conformance App",
      client_type: "confidential",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      scopes: ["profile", "remote-viewing:read"],
    });
    const client: oauth.Client = { client_id: created.body.data.client_id };
    const auth = oauth.ClientSecretPost(created.body.data.client_secret);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: "profile remote-viewing:read",
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const callback = await signInAndApprove(url.toString(), email, PASSWORD);
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokenRes = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      redirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenRes);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toBe("profile remote-viewing:read");

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    const introspected = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, auth, refreshed.access_token, insecure),
    );
    expect(introspected.active).toBe(true);
    expect(introspected.client_id).toBe(client.client_id);

    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.refresh_token!, insecure),
    );
    const after = await oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, auth, refreshed.access_token, insecure),
    );
    expect(after.active).toBe(false);
    expect((await v1("GET", "/users/me", refreshed.access_token)).status).toBe(401);

    // The old refresh token (rotated) is refused with the RFC error.
    const replay = await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, replay)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("public client (token_endpoint_auth_method none) with PKCE", async () => {
    const created = await v1("POST", "/oauth/clients", userToken, {
      name: "Native",
      client_type: "public",
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code"],
      scopes: ["profile"],
    });
    const client: oauth.Client = { client_id: created.body.data.client_id, token_endpoint_auth_method: "none" };
    const verifier = oauth.generateRandomCodeVerifier();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: "profile",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const callback = await signInAndApprove(url.toString(), email, PASSWORD);
    const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, insecure),
    );
    expect((await v1("GET", "/users/me", tokens.access_token)).status).toBe(200);
  });

  it("errors are RFC 6749 JSON the library understands", async () => {
    const client: oauth.Client = { client_id: "client_0" };
    // Basic auth failed: 401 with a Basic challenge (RFC 6749 §5.2).
    const basic = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic("nope"), {}, insecure);
    expect(basic.status).toBe(401);
    const challenge = await oauth.processClientCredentialsResponse(as, client, basic).catch((e: unknown) => e);
    expect(challenge).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((challenge as oauth.WWWAuthenticateChallengeError).cause[0]!.scheme).toBe("basic");
    // client_secret_post failed: the JSON error body.
    const post = await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretPost("nope"), {}, insecure);
    await expect(oauth.processClientCredentialsResponse(as, client, post)).rejects.toMatchObject({
      error: "invalid_client",
      status: 401,
    });
  });
});
