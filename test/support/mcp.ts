import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { issueAccessToken, mcpResourceOf } from "../../src/domain/identity/access-tokens";
import { USER_SCOPES } from "../../src/domain/identity/scopes";
import { testContext } from "./context";
import { BASE, workerFetch } from "./http";

/** An MCP client's access token for `userId`: every user scope, the /mcp resource as its audience. */
export async function mcpToken(userId: string) {
  const { token } = await issueAccessToken(testContext(), {
    userId,
    role: "user",
    tier: "basic",
    scopes: USER_SCOPES,
    sid: crypto.randomUUID(),
    clientId: "dcr_test",
    ttlSeconds: 3600,
    audience: mcpResourceOf(env.AUTH_ISSUER),
  });
  return token;
}

let nextId = 1;

/** One JSON-RPC request to /mcp, its answer read from JSON or the SSE stream's last message. */
export async function mcp(
  token: string,
  method: string,
  params: unknown,
  headers: Record<string, string> = {},
  fetch: (r: Request) => Promise<Response> = (r) => workerFetch(r),
) {
  const res = await fetch(
    new Request(`${BASE}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
    }),
  );
  const text = await res.text();
  // JSON, or an SSE stream whose last message is the response (the legacy stateless transport streams).
  const json = res.headers.get("content-type")?.startsWith("text/event-stream")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .at(-1)
        ?.slice(6)
    : text;
  return { status: res.status, headers: res.headers, body: json ? JSON.parse(json) : null };
}

/** tools/call of `name` with `args`: its result (an HTTP 200 whatever the tool answered). */
export const callTool = async (token: string, name: string, args: unknown, headers: Record<string, string> = {}) => {
  const res = await mcp(token, "tools/call", { name, arguments: args }, headers);
  expect(res.status).toBe(200);
  return res.body.result as { isError?: boolean; structuredContent: any; content: { type: string; text: string }[] };
};
