import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SERVICE_VERSION } from "../../../src/version";
import { BASE, workerFetch } from "../../support/http";

/**
 * What the MCP registry accepts in a server.json (https://modelcontextprotocol.io/registry and its schema
 * 2025-12-11): a reverse-DNS name with one slash, a description of at most 100 characters, an exact version,
 * remotes of a known transport with their headers as key-value inputs, publisher metadata under its key.
 */
const Header = z.object({
  name: z.string().min(1),
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.enum(["string", "number", "boolean", "filepath"]).optional(),
});
const ServerJson = z.object({
  $schema: z.url(),
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  title: z.string().min(1).max(100).optional(),
  description: z.string().min(1).max(100),
  version: z
    .string()
    .max(255)
    .refine((v) => !/[\^~*><]|^latest$|\.x$/.test(v), "an exact version, not a range"),
  websiteUrl: z.url().optional(),
  remotes: z
    .array(z.object({ type: z.enum(["streamable-http", "sse"]), url: z.url(), headers: z.array(Header).optional() }))
    .min(1),
  _meta: z.record(z.string().regex(/^[a-z0-9.-]+\/[a-z0-9.-]+$/), z.record(z.string(), z.unknown())).optional(),
});

const get = async (path: string) => {
  const res = await workerFetch(new Request(`${BASE}${path}`));
  expect(res.status, path).toBe(200);
  return { res, body: (await res.json()) as any };
};

describe("GET /mcp/server.json: the MCP registry entry", () => {
  it("is a server.json the registry accepts, naming this deployment's remote transport and version", async () => {
    const { res, body } = await get("/mcp/server.json");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const entry = ServerJson.parse(body);
    expect(entry.$schema).toBe("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
    const issuer = env.AUTH_ISSUER.replace(/\/$/, "");
    expect(entry.remotes).toEqual([expect.objectContaining({ type: "streamable-http", url: `${issuer}/mcp` })]);
    expect(entry.remotes[0]!.headers).toEqual([
      expect.objectContaining({ name: "X-Organization-Id", isRequired: false, isSecret: false }),
    ]);
    expect(entry.version).toBe(SERVICE_VERSION);
    // The host reversed: a namespace its owner can prove to the registry by DNS.
    expect(entry.name).toBe(`${new URL(issuer).hostname.split(".").reverse().join(".")}/session-analysis`);
  });

  it("describes the authorization the server really uses: its protected resource and authorization server metadata agree", async () => {
    const { body } = await get("/mcp/server.json");
    const auth = body._meta["io.modelcontextprotocol.registry/publisher-provided"].authorization;
    const prm = (await get(new URL(auth.protectedResourceMetadata).pathname)).body;
    expect(prm.resource).toBe(body.remotes[0].url);
    expect(auth.resource).toBe(prm.resource);
    expect(auth.authorizationServers).toEqual(prm.authorization_servers);
    const as = (await get("/.well-known/oauth-authorization-server")).body;
    expect(as.issuer).toBe(auth.authorizationServers[0]);
    expect(as.code_challenge_methods_supported).toEqual(auth.codeChallengeMethods);
    expect(auth.clientRegistration).toEqual(["dynamic", "client-id-metadata-document"]);
    expect(as.registration_endpoint).toEqual(expect.any(String));
    expect(as.client_id_metadata_document_supported).toBe(true);
    // And the remote refuses a call without a token by naming that metadata (MCP authorization).
    const refused = await workerFetch(
      new Request(body.remotes[0].url.replace(env.AUTH_ISSUER.replace(/\/$/, ""), BASE), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(`resource_metadata="${auth.protectedResourceMetadata}"`);
  });
});
