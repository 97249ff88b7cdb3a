import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, dataOf, testClientAddress } from "./support/api";
import { signInAndApprove } from "./support/authorize-driver";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

/**
 * The MCP project's conformance suite (`@modelcontextprotocol/conformance`, server mode) against /mcp under
 * `wrangler dev`. The suite connects without credentials, so it talks to a loopback proxy that adds an MCP access
 * token obtained through the real flow (registration, PKCE, resource, consent). Only the scenarios that apply to a
 * server with its own tools are run (docs/mcp.md lists the rest and why).
 */
const PASSWORD = "correct-horse-42";
const CONFORMANCE = path.resolve("node_modules/.bin/conformance");

/** The scenarios our server must pass: the lifecycle, ping, listing tools and resources. */
const APPLICABLE = ["server-initialize", "ping", "tools-list", "resources-list"];

function runScenario(url: string, scenario: string, outDir: string) {
  return new Promise<{ code: number; output: string; checks: { id: string; status: string }[] }>((resolve) => {
    execFile(
      CONFORMANCE,
      ["server", "--url", url, "--scenario", scenario, "--output-dir", outDir],
      { timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } },
      (err, stdout, stderr) => {
        const checks: { id: string; status: string }[] = [];
        const walk = (dir: string) => {
          for (const entry of readdirSync(dir, { withFileTypes: true })) {
            const p = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(p);
            else if (entry.name.endsWith(".json")) {
              const parsed = JSON.parse(readFileSync(p, "utf8"));
              for (const c of Array.isArray(parsed) ? parsed : (parsed.checks ?? [])) checks.push(c);
            }
          }
        };
        walk(outDir);
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr, checks });
      },
    );
  });
}

describe("MCP conformance suite (server scenarios)", () => {
  const server = sharedServer();
  const address = testClientAddress();
  const { call } = apiClient(() => server.url, address);
  let proxy: Server;
  let proxyUrl: string;
  const outRoot = mkdtempSync(path.join(tmpdir(), "sas-mcp-conformance-"));

  beforeAll(async () => {
    const email = `mcp.conformance.${Date.now()}@example.com`;
    dataOf(
      await call("POST", "/v1/auth/register", undefined, {
        email,
        username: "conformance",
        password: PASSWORD,
        tier: "basic",
        marketing_consent: false,
      }),
    );
    const redirect = "http://127.0.0.1:8981/callback";
    const headers = { "content-type": "application/json", "cf-connecting-ip": address };
    const reg = await fetch(`${server.url}/oauth2/register`, {
      method: "POST",
      headers,
      body: JSON.stringify({ client_name: "Conformance", redirect_uris: [redirect] }),
    });
    const { client_id } = (await reg.json()) as any;
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({
      response_type: "code",
      client_id,
      redirect_uri: redirect,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource: `${server.url}/mcp`,
    });
    const back = await signInAndApprove(`${server.url}/oauth2/authorize?${query}`, email, PASSWORD);
    const token = (await (
      await fetch(`${server.url}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": address },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: back.searchParams.get("code")!,
          redirect_uri: redirect,
          client_id,
          code_verifier: verifier,
        }),
      })
    ).json()) as any;

    // Forwards every request to /mcp with the token; streams the answer back as it comes (SSE).
    const port = await freePort();
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const forwarded = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && !["host", "connection", "content-length"].includes(k)) forwarded.set(k, v);
      forwarded.set("authorization", `Bearer ${token.access_token}`);
      forwarded.set("cf-connecting-ip", address);
      const upstream = await fetch(`${server.url}/mcp`, {
        method: req.method,
        headers: forwarded,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const answerHeaders: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        answerHeaders[k] = v;
      });
      res.writeHead(upstream.status, answerHeaders);
      const reader = upstream.body?.getReader();
      for (let r = await reader?.read(); r && !r.done; r = await reader!.read()) res.write(r.value);
      res.end();
    });
    await new Promise<void>((r) => proxy.listen(port, "127.0.0.1", r));
    proxyUrl = `http://127.0.0.1:${port}/mcp`;
  });

  afterAll(async () => {
    await new Promise((r) => proxy?.close(r));
    rmSync(outRoot, { recursive: true, force: true });
  });

  for (const scenario of APPLICABLE) {
    it(`passes ${scenario}`, async () => {
      const outDir = mkdtempSync(path.join(outRoot, `${scenario}-`));
      const result = await runScenario(proxyUrl, scenario, outDir);
      const failed = result.checks.filter((c) => c.status === "FAILURE");
      expect(failed, result.output.slice(-2000)).toEqual([]);
      expect(result.checks.filter((c) => c.status === "SUCCESS").length).toBeGreaterThan(0);
      expect(result.code).toBe(0);
    });
  }
});
