import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, BASE, expectErrorEnvelope, workerFetch } from "../../support/http";
import {
  authorizeAndApprove,
  authorizePath,
  Browser,
  codeFlow,
  exchangeCode,
  pkcePair,
  postForm,
} from "../../support/oauth";

/**
 * The MCP server's authorization (docs/mcp.md) attacked: tokens for one resource used at the other, a resource
 * swapped between authorization and token, self-registration abused, metadata documents at private addresses.
 */
const MCP = `${BASE}/mcp`;
const REDIRECT = "http://127.0.0.1:4321/callback";

const mcpCall = (token: string | undefined, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) =>
  workerFetch(
    new Request(MCP, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    }),
  );

async function register(metadata: Record<string, unknown>) {
  const res = await workerFetch(
    new Request(`${BASE}/oauth2/register`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "cf-connecting-ip": `203.0.113.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(metadata),
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
}

/** A dynamically registered client, a user, and a code for `resource` (omitted: the REST API). */
async function mcpCodeFlow(resource: string | undefined = MCP, scope = "remote-viewing:read dowsing:read") {
  const user = await registerUser();
  const client = (await register({ client_name: "Agent", redirect_uris: [REDIRECT] })).body;
  const { verifier, challenge } = await pkcePair();
  const back = await authorizeAndApprove(new Browser(), user, {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope,
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...(resource ? { resource } : {}),
  });
  const exchange = (extra: Record<string, string> = {}) =>
    postForm("/oauth2/token", {
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
      ...extra,
    });
  return { user, client, exchange };
}

describe("MCP authorization: resource indicators, registration, metadata documents", () => {
  it("a code for the MCP server cannot be exchanged for another resource, and is not burned by the attempt", async () => {
    const { exchange } = await mcpCodeFlow();
    const swapped = await exchange({ resource: `${BASE}/v1` });
    expect(swapped.status).toBe(400);
    expect(swapped.body.error).toBe("invalid_target");
    const elsewhere = await exchange({ resource: "https://other.example/api" });
    expect(elsewhere.body.error).toBe("invalid_target");
    const ok = await exchange({ resource: MCP });
    expect(ok.status).toBe(200);
    expect(decodeJwt(ok.body.access_token).aud).toBe(MCP);
  });

  it("a REST code cannot be turned into an MCP token", async () => {
    const { client, verifier, code } = await codeFlow();
    const res = await exchangeCode(client, code, verifier, { resource: MCP });
    expect(res.body.error).toBe("invalid_target");
  });

  it("an MCP token works only at /mcp, a REST token only at /v1; revoking the MCP grant ends it", async () => {
    const { user, exchange, client } = await mcpCodeFlow();
    const tokens = (await exchange()).body;
    expect(decodeJwt(tokens.access_token).aud).toBe(MCP);
    expect((await mcpCall(tokens.access_token)).status).toBe(200);
    expectErrorEnvelope(await api("GET", "/v1/sessions", { token: tokens.access_token }), 401, "TOKEN_INVALID");
    const restAtMcp = await mcpCall(user.token);
    expect(restAtMcp.status).toBe(401);
    expect(restAtMcp.headers.get("www-authenticate")).toContain('error="invalid_token"');

    // Refreshing keeps the resource; asking for another one is refused without burning the refresh token.
    const wrong = await postForm("/oauth2/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
      resource: `${BASE}/v1`,
    });
    expect(wrong.body.error).toBe("invalid_target");
    const refreshed = await postForm("/oauth2/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.body.access_token).aud).toBe(MCP);

    const revoked = await postForm("/oauth2/revoke", {
      token: refreshed.body.access_token,
      client_id: client.client_id,
    });
    expect(revoked.status).toBe(200);
    expect((await mcpCall(refreshed.body.access_token)).status).toBe(401);
  });

  it("API keys are not accepted at /mcp", async () => {
    const user = await registerUser();
    const key = await api("POST", "/v1/api-keys", { token: user.token, body: { name: "k", scopes: ["profile"] } });
    expect(key.status).toBe(201);
    const res = await mcpCall(key.body.data.key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error.data.code).toBe("TOKEN_INVALID");
  });

  it("an authorization for an unknown resource goes back to the client as invalid_target", async () => {
    const client = (await register({ redirect_uris: [REDIRECT] })).body;
    const { challenge } = await pkcePair();
    const page = await new Browser().request(
      "GET",
      authorizePath({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: "https://attacker.example/api",
      }),
    );
    expect(page.status).toBe(302);
    expect(new URL(page.location!).searchParams.get("error")).toBe("invalid_target");
  });

  it("registration: no secret is ever issued, no PKCE-less authorization, a scope cap holds, unused ones expire", async () => {
    const reg = await register({ client_name: "Reader", redirect_uris: [REDIRECT], scope: "dowsing:read" });
    expect(reg.status).toBe(201);
    expect(reg.body.client_secret).toBeUndefined();
    expect(reg.body.token_endpoint_auth_method).toBe("none");
    const admin = await register({ redirect_uris: [REDIRECT], scope: "analytics:admin" });
    expect(admin.body.error).toBe("invalid_client_metadata");

    const browser = new Browser();
    const noPkce = await browser.request(
      "GET",
      authorizePath({ response_type: "code", client_id: reg.body.client_id, redirect_uri: REDIRECT }),
    );
    expect(new URL(noPkce.location!).searchParams.get("error")).toBe("invalid_request");
    const { challenge } = await pkcePair();
    const more = await browser.request(
      "GET",
      authorizePath({
        response_type: "code",
        client_id: reg.body.client_id,
        redirect_uri: REDIRECT,
        scope: "dowsing:read dowsing:write",
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
    );
    expect(new URL(more.location!).searchParams.get("error")).toBe("invalid_scope");

    await env.DB.prepare("UPDATE oauth_registered_clients SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), reg.body.client_id)
      .run();
    const gone = await browser.request(
      "GET",
      authorizePath({
        response_type: "code",
        client_id: reg.body.client_id,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
    );
    expect(gone.status).toBe(400);
    expect(gone.text).toContain("unknown");
  });

  it("a token issued keeps a registration; the consent page says it registered itself", async () => {
    const { client, exchange } = await mcpCodeFlow();
    const before = await env.DB.prepare("SELECT expires_at FROM oauth_registered_clients WHERE id = ?")
      .bind(client.client_id)
      .first<{ expires_at: string }>();
    expect((await exchange()).status).toBe(200);
    const after = await env.DB.prepare("SELECT expires_at, last_used_at FROM oauth_registered_clients WHERE id = ?")
      .bind(client.client_id)
      .first<{ expires_at: string; last_used_at: string }>();
    expect(Date.parse(after!.expires_at) - Date.parse(before!.expires_at)).toBeGreaterThan(20 * 86_400_000);
    expect(after!.last_used_at).not.toBeNull();

    const user = await registerUser();
    const browser = new Browser();
    const { challenge } = await pkcePair();
    const params = {
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: "dowsing:read",
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: MCP,
    };
    const login = await browser.request("GET", authorizePath(params));
    await browser.request("POST", "/oauth2/authorize", {
      ...Browser.hiddenFields(login.text),
      email: user.email,
      password: "correct-horse-42",
    });
    const consent = await browser.request("GET", authorizePath(params));
    expect(consent.text).toContain("registered itself (dynamic registration)");
    expect(consent.text).toContain("MCP server");
    expect(consent.text).toContain("Read your dowsing, precognition and intuitive-analysis sessions");
  });

  it("a metadata-document client_id at a private or metadata address is never fetched", async () => {
    // As production runs: private webhook (and metadata document) addresses refused.
    const production = { WEBHOOK_ALLOW_PRIVATE_URLS: "false" };
    for (const clientId of [
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.1/client.json",
      "https://localhost/c",
      "http://public.example/client.json",
    ]) {
      const { challenge } = await pkcePair();
      const res = await workerFetch(
        new Request(
          `${BASE}${authorizePath({
            response_type: "code",
            client_id: clientId,
            redirect_uri: REDIRECT,
            code_challenge: challenge,
            code_challenge_method: "S256",
          })}`,
          { redirect: "manual" },
        ),
        production,
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("unknown");
    }
    const cached = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM oauth_registered_clients WHERE source = 'metadata_document'",
    ).first<{ n: number }>();
    expect(cached!.n).toBe(0);
  });
});
