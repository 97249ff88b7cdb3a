import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { ensurePythonVenv } from "../../scripts/python-venv.mjs";
import { apiClient, dataOf, fetchFrom, testClientAddress } from "./support/api";
import { mcpAccessToken } from "./support/authorize-driver";
import { verifyEmail } from "./support/mail";
import { sharedServer } from "./support/shared-server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PY = path.join(ROOT, "test/e2e/support/mcp-python");
const run = promisify(execFile);
const PASSWORD = "correct-horse-42";
const EVERY_TOOL_SCOPE =
  "remote-viewing:read remote-viewing:write remote-viewing:delete dowsing:read dowsing:write dowsing:delete analytics:read profile";

/** One tool call that the tool refuses, and the catalogue code it must carry. */
interface Refusal {
  name: string;
  arguments: Record<string, unknown>;
  code: string;
}

/** What a client handed its caller for one call: the result's parts, or the error it threw instead. */
interface Seen {
  isError?: boolean;
  structuredContent?: unknown;
  text?: string;
  protocolError?: string;
}

/**
 * Tool errors as agents built on the official SDKs meet them, against a real `wrangler dev`: each tool's refusal
 * (a bad argument, another account's session or webhook, an empty balance) must reach the caller as a result with
 * isError and the catalogue's code in its text, never as a protocol error. Three clients: the TypeScript SDK most
 * integrators use (`@modelcontextprotocol/sdk` 1.32.2, which validates structuredContent against the tool's output
 * schema even on errors), its 2.x successor (`@modelcontextprotocol/client` 2.4.0) and the Python SDK (`mcp` 2.3.0).
 */
describe("MCP tool errors through the official SDK clients", () => {
  const server = sharedServer();
  const address = testClientAddress();
  const { call } = apiClient(() => server.url, address);
  let token: string;
  let refusals: Refusal[];

  beforeAll(async () => {
    // The agent's account is new and unverified: its balance is 0, so creating a session is refused.
    const email = `mcp.errors.${Date.now()}@example.com`;
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: "agent",
      password: PASSWORD,
      tier: "basic",
      marketing_consent: false,
    });
    expect(reg.status).toBe(201);
    token = (await mcpAccessToken(server.url, { email, password: PASSWORD }, EVERY_TOOL_SCOPE, fetchFrom(address)))
      .access_token;

    // Another account's session and webhook, which the agent must not see.
    const other = await call("POST", "/v1/auth/register", undefined, {
      email: `mcp.errors.other.${Date.now()}@example.com`,
      username: "other",
      password: PASSWORD,
      tier: "basic",
      marketing_consent: false,
    });
    await verifyEmail(server.url, dataOf<{ user: { email: string } }>(other).user.email);
    const otherToken = dataOf<{ token: string }>(other).token;
    const theirs = dataOf<{ id: string }>(
      await call("POST", "/v1/sessions", otherToken, { cue: "Theirs", session_type: "dowsing" }),
    );
    const hook = dataOf<{ id: string }>(
      await call("POST", "/v1/webhooks", otherToken, {
        url: "http://127.0.0.1:9/hook",
        events: ["session.completed"],
      }),
    );
    const cue = { cue: "Describe the target", session_type: "remote_viewing" };
    refusals = [
      { name: "quote_session", arguments: { session_type: "tarot" }, code: "INVALID_FIELD_VALUE" },
      { name: "create_session", arguments: cue, code: "INSUFFICIENT_CREDITS" },
      { name: "create_session", arguments: { session_type: "dowsing" }, code: "MISSING_REQUIRED_FIELD" },
      { name: "get_session", arguments: { session_id: theirs.id }, code: "SESSION_NOT_FOUND" },
      { name: "list_sessions", arguments: { limit: 500 }, code: "INVALID_FIELD_VALUE" },
      { name: "wait_for_session", arguments: { session_id: theirs.id, timeout_seconds: 1 }, code: "SESSION_NOT_FOUND" },
      { name: "get_analysis", arguments: { session_id: theirs.id }, code: "SESSION_NOT_FOUND" },
      { name: "cancel_session", arguments: { session_id: theirs.id }, code: "SESSION_NOT_FOUND" },
      { name: "get_billing", arguments: { month: "last" }, code: "INVALID_FIELD_VALUE" },
      { name: "list_webhook_deliveries", arguments: { webhook_id: hook.id }, code: "RESOURCE_NOT_FOUND" },
      { name: "list_webhook_deliveries", arguments: { webhook_id: hook.id, limit: 101 }, code: "INVALID_FIELD_VALUE" },
    ];
  });

  const headers = () => ({ authorization: `Bearer ${token}`, "cf-connecting-ip": address });

  /** Every refusal's result as the caller sees it, and every tool the client listed. */
  function expectToolErrors(tools: string[], seen: Seen[]) {
    // Each listed tool is refused at least once here: a new tool needs its refusal added.
    expect([...new Set(refusals.map((r) => r.name))].sort()).toEqual([...tools].sort());
    refusals.forEach((r, i) => {
      const what = `${r.name}(${JSON.stringify(r.arguments)})`;
      const result = seen[i]!;
      expect(result.protocolError, what).toBeUndefined();
      expect(result.isError, what).toBe(true);
      expect(result.structuredContent ?? undefined, what).toBeUndefined();
      const { error } = JSON.parse(result.text!);
      expect(error.code, what).toBe(r.code);
      expect(error.message, what).toEqual(expect.any(String));
      expect(error.details, what).toEqual(expect.any(Object));
    });
  }

  /** Both TypeScript SDKs' clients have the same surface for this. */
  async function throughTypeScript(client: {
    listTools(): Promise<{ tools: { name: string }[] }>;
    callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
    close(): Promise<void>;
  }) {
    const { tools } = await client.listTools();
    const seen: Seen[] = [];
    for (const r of refusals) {
      try {
        const result = await client.callTool({ name: r.name, arguments: r.arguments });
        const content = result.content as { type: string; text: string }[];
        seen.push({
          isError: result.isError as boolean | undefined,
          structuredContent: result.structuredContent,
          text: content.map((c) => c.text).join(""),
        });
      } catch (err) {
        seen.push({ protocolError: String(err) });
      }
    }
    await client.close();
    return { tools: tools.map((t) => t.name), seen };
  }

  it("@modelcontextprotocol/sdk 1.32.2 (TypeScript), at the remote the registry entry names: every refusal is a tool error with its code", async () => {
    // Where an integrator finds the server: its MCP registry entry (server.json).
    const entry = (await (await fetch(`${server.url}/mcp/server.json`)).json()) as { remotes: { url: string }[] };
    const client = new Client({ name: "errors-e2e", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(entry.remotes[0]!.url), { requestInit: { headers: headers() } }),
    );
    const { tools, seen } = await throughTypeScript(client as never);
    expectToolErrors(tools, seen);
  });

  it("@modelcontextprotocol/client 2.4.0 (TypeScript): every refusal is a tool error with its code", async () => {
    const client = new ClientV2({ name: "errors-e2e", version: "1.0.0" });
    await client.connect(new TransportV2(new URL(`${server.url}/mcp`), { requestInit: { headers: headers() } }));
    const { tools, seen } = await throughTypeScript(client as never);
    expectToolErrors(tools, seen);
  });

  it("mcp 2.3.0 (Python): every refusal is a tool error with its code", { timeout: 300_000 }, async () => {
    const bin = ensurePythonVenv(path.join(ROOT, ".venv/mcp"), path.join(PY, "requirements.txt"));
    const child = run(path.join(bin, "python"), [path.join(PY, "call_tools.py")], { timeout: 120_000 });
    child.child.stdin!.end(
      JSON.stringify({
        url: `${server.url}/mcp`,
        headers: headers(),
        calls: refusals.map((r) => ({ name: r.name, arguments: r.arguments })),
      }),
    );
    const out = JSON.parse((await child).stdout) as {
      tools: string[];
      results: { is_error?: boolean; structured_content?: unknown; text?: string; protocol_error?: string }[];
    };
    expectToolErrors(
      out.tools,
      out.results.map((r) => ({
        isError: r.is_error,
        structuredContent: r.structured_content,
        text: r.text,
        protocolError: r.protocol_error,
      })),
    );
  });
});
