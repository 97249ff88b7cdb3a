import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, fetchFrom, testClientAddress } from "./support/api";
import { mcpAccessToken, signInAndApprove } from "./support/authorize-driver";
import { verifyEmail } from "./support/mail";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

/**
 * The MCP server as an agent meets it: the official SDK's client over Streamable HTTP against a real
 * `wrangler dev`, authorised by our own OAuth server (discovery from the 401, dynamic registration,
 * authorization code + PKCE + resource, consent through the authorize page), then the tools.
 */
const PASSWORD = "correct-horse-42";
const ALL_TOOLS = [
  "cancel_session",
  "create_session",
  "get_analysis",
  "get_billing",
  "get_session",
  "list_sessions",
  "list_webhook_deliveries",
  "quote_session",
  "wait_for_session",
];

/** An in-memory OAuth client of the SDK's: remembers what the flow hands it; the "browser" is the test. */
class TestProvider implements OAuthClientProvider {
  info: any;
  saved: any;
  verifier = "";
  authorizationUrl: URL | undefined;
  readonly redirect = "http://127.0.0.1:8976/callback";
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata() {
    return {
      client_name: "MCP e2e agent",
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: any) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: any) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  discovery: any;
  saveDiscoveryState(state: any) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

/** A tool error as the agent reads it: the catalogue's error in the result's text (docs/mcp.md "Errors"). */
const toolErrorOf = (result: { isError?: boolean; content: unknown }) => {
  expect(result.isError).toBe(true);
  return JSON.parse((result.content as { text: string }[])[0]!.text).error as { code: string };
};

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());

describe("MCP server over Streamable HTTP, authorised by our OAuth server", () => {
  const server = sharedServer();
  const mcpUrl = () => new URL(`${server.url}/mcp`);
  const address = testClientAddress();
  const { call } = apiClient(() => server.url, address);
  // Every request of the SDK's (discovery, registration, token, MCP) from this test's own address.
  const fromAddress = fetchFrom(address);
  let email: string;
  let restToken: string;

  /** The whole sign-in an agent does: 401 → discovery → registration → authorize (consent) → token. */
  async function authorize(provider: TestProvider, asEmail = email) {
    const first = new Client({ name: "e2e", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider, fetch: fromAddress });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get("resource")).toBe(`${server.url}/mcp`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const back = await signInAndApprove(url.toString(), asEmail, PASSWORD);
    expect(back.searchParams.get("iss")).toBe(server.url);
    await transport.finishAuth(back.searchParams);
    return provider;
  }

  async function connect(provider: TestProvider, headers: Record<string, string> = {}) {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl(), {
        authProvider: provider,
        fetch: fromAddress,
        requestInit: { headers },
      }),
    );
    return client;
  }

  /** A raw JSON-RPC POST to /mcp, for what a well-behaved SDK client never sends. */
  const rpc = (token: string | undefined, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "cf-connecting-ip": address,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body,
    });
  const toolCall = (name: string, args: unknown, id = 1) =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

  let agent: TestProvider;

  /** The same flow by hand for a narrower scope than the metadata lists. */
  async function authorizeByHand(scope: string): Promise<string> {
    const body = await mcpAccessToken(server.url, { email, password: PASSWORD }, scope, fromAddress);
    expect(body.scope).toBe(scope);
    return body.access_token;
  }

  beforeAll(async () => {
    email = `mcp.${Date.now()}@example.com`;
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: "mcp",
      password: PASSWORD,
      tier: "basic",
      marketing_consent: false,
    });
    restToken = dataOf(reg).token;
    // Free credits come with a verified email (docs/decisions.md, issue 27): the sessions below spend them.
    await verifyEmail(server.url, dataOf<{ user: { email: string } }>(reg).user.email);
    agent = await authorize(new TestProvider());
  });

  it("discovery: 401 names the protected resource metadata, which names our authorization server", async () => {
    const res = await rpc(undefined, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate")!;
    expect(challenge).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`);
    expect(((await res.json()) as any).error.data.code).toBe("AUTHENTICATION_REQUIRED");

    const prm = await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`, {
      headers: { origin: "https://agent.example" },
    });
    expect(prm.headers.get("access-control-allow-origin")).toBe("*");
    const doc = (await prm.json()) as any;
    expect(doc.resource).toBe(`${server.url}/mcp`);
    expect(doc.authorization_servers).toEqual([server.url]);
    expect(doc.scopes_supported).toContain("remote-viewing:write");

    const as = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server`)).json()) as any;
    expect(as.registration_endpoint).toBe(`${server.url}/oauth2/register`);
    expect(as.client_id_metadata_document_supported).toBe(true);

    const preflight = await fetch(`${server.url}/oauth2/token`, {
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const mcpPreflight = await fetch(`${server.url}/mcp`, {
      method: "OPTIONS",
      headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
    });
    expect(mcpPreflight.status).toBe(204);
    expect(mcpPreflight.headers.get("access-control-allow-headers")).toContain("Mcp-Protocol-Version");
  });

  it("registered dynamically as a public client; its token is for /mcp only", async () => {
    expect(agent.info.client_id).toMatch(/^dcr_/);
    expect(agent.info.token_endpoint_auth_method).toBe("none");
    expect(agent.info.client_secret).toBeUndefined();
    const claims = claimsOf(agent.saved.access_token);
    expect(claims.aud).toBe(`${server.url}/mcp`);
    // The MCP token does nothing at the REST API, and a REST token nothing at /mcp: nothing is passed through.
    const atRest = await call("GET", "/v1/sessions", agent.saved.access_token);
    expect(atRest.status).toBe(401);
    expect(atRest.body.error.code).toBe("TOKEN_INVALID");
    const restAtMcp = await rpc(restToken, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(restAtMcp.status).toBe(401);
    expect(restAtMcp.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(((await restAtMcp.json()) as any).error.data.code).toBe("TOKEN_INVALID");
  });

  it("lists every tool with truthful annotations; creates, follows with progress, reads and cancels sessions", async () => {
    const client = await connect(agent);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.get_session!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.cancel_session!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.create_session!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    expect(byName.create_session!.inputSchema.required).toEqual(expect.arrayContaining(["cue", "session_type"]));
    expect(byName.get_session!.outputSchema).toBeDefined();

    const before = (await client.callTool({ name: "get_billing", arguments: {} })).structuredContent as any;
    const quote = (
      await client.callTool({
        name: "quote_session",
        arguments: { session_type: "remote_viewing", parameters: { duration: 300 } },
      })
    ).structuredContent as any;
    expect(quote.credits_required).toBe(15);

    const args = {
      cue: "Describe the target",
      session_type: "remote_viewing",
      parameters: { duration: 300 },
      idempotency_key: `mcp-${Date.now()}`,
    };
    const created = await client.callTool({ name: "create_session", arguments: args });
    expect(created.isError).toBeFalsy();
    const session = created.structuredContent as any;
    expect(session.status).toBe("pending");
    // The same key again: the first result, not a second session or charge.
    const again = await client.callTool({ name: "create_session", arguments: args });
    expect((again.structuredContent as any).id).toBe(session.id);
    const mismatch = await client.callTool({ name: "create_session", arguments: { ...args, cue: "Another" } });
    expect(toolErrorOf(mismatch).code).toBe("IDEMPOTENCY_KEY_MISMATCH");

    const progress: { progress: number; total?: number; message?: string }[] = [];
    const waited = await client.callTool(
      { name: "wait_for_session", arguments: { session_id: session.id, timeout_seconds: 60 } },
      { onprogress: (p) => progress.push(p), timeout: 90_000 },
    );
    const final = waited.structuredContent as any;
    expect(final.timed_out).toBe(false);
    expect(final.session.status).toBe("completed");
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });

    const resource = await client.readResource({ uri: `session://${session.id}/analysis` });
    const content = resource.contents[0] as any;
    expect(content.mimeType).toBe("application/json");
    const analysis = JSON.parse(content.text);
    expect(analysis).toMatchObject({ session_id: session.id, status: "completed" });
    expect(analysis.results.summary).toEqual(expect.any(String));
    const listed = await client.listResources();
    expect(listed.resources.map((r) => r.uri)).toContain(`session://${session.id}/analysis`);

    const withHistory = (
      await client.callTool({ name: "get_analysis", arguments: { session_id: session.id, include_history: true } })
    ).structuredContent as any;
    expect(withHistory.analysis.analysis_id).toBe(analysis.analysis_id);
    expect(withHistory.analysis_history).toHaveLength(3);

    const other = (
      await client.callTool({
        name: "create_session",
        arguments: { cue: "Another target", session_type: "dowsing", parameters: { duration: 3600 } },
      })
    ).structuredContent as any;
    const cancelled = await client.callTool({ name: "cancel_session", arguments: { session_id: other.id } });
    expect(cancelled.structuredContent).toMatchObject({
      cancelled: true,
      refund: { credits_refunded: expect.any(Number) },
    });
    const twice = await client.callTool({ name: "cancel_session", arguments: { session_id: other.id } });
    expect(toolErrorOf(twice).code).toBe("SESSION_ALREADY_COMPLETED");

    const list = (await client.callTool({ name: "list_sessions", arguments: { status: "cancelled", limit: 10 } }))
      .structuredContent as any;
    expect(list.sessions.map((s: any) => s.id)).toEqual([other.id]);
    expect(list.pagination).toMatchObject({ total: 1, has_more: false });

    // Credits as in REST: the created session once (despite the retry), the cancelled one less its refund.
    const after = (await client.callTool({ name: "get_billing", arguments: {} })).structuredContent as any;
    const rest = dataOf(await call("GET", "/v1/billing", restToken));
    expect(after.credits).toEqual(rest.credits);
    const refunded = (cancelled.structuredContent as any).refund.credits_refunded;
    expect(before.credits.remaining - after.credits.remaining).toBe(15 + other.credits_required - refunded);
    await client.close();
  });

  it("a token without the scopes sees fewer tools and is refused 403 insufficient_scope on a call", async () => {
    const readerToken = await authorizeByHand("remote-viewing:read dowsing:read");
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(mcpUrl(), {
        fetch: fromAddress,
        requestInit: { headers: { authorization: `Bearer ${readerToken}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_analysis",
      "get_session",
      "list_sessions",
      "wait_for_session",
    ]);
    await client.close();

    const res = await rpc(readerToken, toolCall("create_session", { cue: "x", session_type: "dowsing" }));
    expect(res.status).toBe(403);
    const challenge = res.headers.get("www-authenticate")!;
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="remote-viewing:write dowsing:write"');
    expect(challenge).toContain("resource_metadata=");
    expect(((await res.json()) as any).error.data.code).toBe("INSUFFICIENT_PERMISSIONS");
  });

  it("bad input gets JSON-RPC or tool errors with the catalogue's code, never a 500", async () => {
    const token = agent.saved.access_token as string;
    const malformed = await rpc(token, '{"jsonrpc":"2.0","id":1,');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as any).error).toMatchObject({
      code: -32700,
      data: { code: "INVALID_REQUEST_BODY" },
    });

    const batch = await rpc(token, JSON.stringify([JSON.parse(toolCall("get_billing", {}, 1))]));
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as any).error).toMatchObject({ code: -32600, data: { code: "INVALID_REQUEST_BODY" } });

    const big = await rpc(token, toolCall("quote_session", { pad: "x".repeat(70 * 1024) }));
    expect(big.status).toBe(413);
    expect(((await big.json()) as any).error.data.code).toBe("PAYLOAD_TOO_LARGE");

    const client = await connect(agent);
    const unknown = await rpc(token, toolCall("drop_tables", {}));
    expect(unknown.status).toBe(200);
    expect(((await unknown.json()) as any).error).toMatchObject({ code: -32602, data: { code: "TOOL_NOT_FOUND" } });

    const invalid = await client.callTool({ name: "create_session", arguments: { cue: "", session_type: "tarot" } });
    expect(["INVALID_FIELD_VALUE", "MISSING_REQUIRED_FIELD"]).toContain(toolErrorOf(invalid).code);

    // Another account's session: not found, as in REST.
    const stranger = await call("POST", "/v1/auth/register", undefined, {
      email: `mcp.other.${Date.now()}@example.com`,
      username: "other",
      password: PASSWORD,
      tier: "basic",
      marketing_consent: false,
    });
    await verifyEmail(server.url, dataOf<{ user: { email: string } }>(stranger).user.email);
    const theirs = dataOf(
      await call("POST", "/v1/sessions", dataOf(stranger).token, { cue: "Theirs", session_type: "dowsing" }),
    );
    for (const name of ["get_session", "cancel_session", "get_analysis"]) {
      const refused = await client.callTool({ name, arguments: { session_id: theirs.id } });
      expect(toolErrorOf(refused).code).toBe("SESSION_NOT_FOUND");
    }
    await expect(client.readResource({ uri: `session://${theirs.id}/analysis` })).rejects.toThrow(/not found/i);
    await client.close();
  });

  it("dynamic registration: public clients only, loopback redirect URIs match on any port, throttled per address", async () => {
    const register = (body: unknown, from = address) =>
      fetch(`${server.url}/oauth2/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": from },
        body: JSON.stringify(body),
      });
    const confidential = await register({
      redirect_uris: ["https://agent.example/cb"],
      token_endpoint_auth_method: "client_secret_basic",
    });
    expect(confidential.status).toBe(400);
    expect(((await confidential.json()) as any).error).toBe("invalid_client_metadata");
    const badUri = await register({ redirect_uris: ["http://agent.example/cb"] });
    expect(((await badUri.json()) as any).error).toBe("invalid_redirect_uri");

    const own = testClientAddress();
    const ok = await register({ client_name: "Port-agnostic", redirect_uris: ["http://127.0.0.1:1234/cb"] }, own);
    expect(ok.status).toBe(201);
    const client = (await ok.json()) as any;
    const challenge = "a".repeat(43);
    const authorizeAt = (redirect: string) =>
      fetch(
        `${server.url}/oauth2/authorize?${new URLSearchParams({
          response_type: "code",
          client_id: client.client_id,
          redirect_uri: redirect,
          code_challenge: challenge,
          code_challenge_method: "S256",
          resource: `${server.url}/mcp`,
        })}`,
        { redirect: "manual" },
      );
    expect((await authorizeAt("http://127.0.0.1:5555/cb")).status).toBe(200);
    expect((await authorizeAt("http://127.0.0.1:5555/other")).status).toBe(400);
    const wrongResource = await fetch(
      `${server.url}/oauth2/authorize?${new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: "http://127.0.0.1:1234/cb",
        code_challenge: challenge,
        code_challenge_method: "S256",
        resource: "https://elsewhere.example/api",
      })}`,
      { redirect: "manual" },
    );
    expect(wrongResource.status).toBe(302);
    expect(new URL(wrongResource.headers.get("location")!).searchParams.get("error")).toBe("invalid_target");

    // Ten an hour per address (src/routes/oauth/register.ts). The hour is 72 s at the shared server's
    // scale and may roll over once between the first registration and the last: two hours' worth and
    // one more reach the limit wherever the rollover falls.
    let last = 201;
    for (let i = 0; i < 21 && last === 201; i++)
      last = (await register({ redirect_uris: ["http://127.0.0.1:1/cb"] }, own)).status;
    expect(last).toBe(429);
  });
  it("a Client ID Metadata Document client: read once through the guard, cached, issued an MCP token", async () => {
    const port = await freePort();
    const docUrl = `http://127.0.0.1:${port}/agent/client.json`;
    const redirect = "http://127.0.0.1:8979/callback";
    let reads = 0;
    const documents: Record<string, unknown> = {
      "/agent/client.json": { client_id: docUrl, client_name: "Doc Agent", redirect_uris: [redirect] },
      "/liar.json": { client_id: "https://someone-else.example/client.json", redirect_uris: [redirect] },
    };
    const host = createServer((req, res) => {
      reads++;
      const doc = documents[req.url ?? ""];
      res.writeHead(doc ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(doc ?? {}));
    });
    await new Promise<void>((r) => host.listen(port, "127.0.0.1", r));
    try {
      const verifier = randomBytes(32).toString("base64url");
      const query = (clientId: string) =>
        new URLSearchParams({
          response_type: "code",
          client_id: clientId,
          redirect_uri: redirect,
          scope: "dowsing:read",
          code_challenge: createHash("sha256").update(verifier).digest("base64url"),
          code_challenge_method: "S256",
          resource: `${server.url}/mcp`,
        });
      // A document that names another client_id is refused: the page treats the client as unknown.
      const liar = await fetch(`${server.url}/oauth2/authorize?${query(`http://127.0.0.1:${port}/liar.json`)}`, {
        redirect: "manual",
      });
      expect(liar.status).toBe(400);

      const back = await signInAndApprove(`${server.url}/oauth2/authorize?${query(docUrl)}`, email, PASSWORD);
      const token = await fromAddress(`${server.url}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code")!,
          redirect_uri: redirect,
          client_id: docUrl,
          code_verifier: verifier,
        }),
      });
      const body = (await token.json()) as any;
      expect(token.status).toBe(200);
      expect(claimsOf(body.access_token)).toMatchObject({ aud: `${server.url}/mcp`, client_id: docUrl });
      // The sign-in's three page loads read the document once (the liar's once): the copy is cached.
      expect(reads).toBe(2);
    } finally {
      await new Promise((r) => host.close(r));
    }
  });
});
