import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { appAt, BASE, startOfMinuteWindow, workerFetch } from "../../support/http";
import { callTool, mcp, mcpToken } from "../../support/mcp";
import { asOrg, createOrganization, orgAccount, topUpOrganization } from "../../support/organizations";

/**
 * /mcp in the Workers runtime: the REST rules (credits, rate limits, organizations) hold over MCP as they do
 * over /v1, since the tools call the same domain functions.
 */
/** A tool error's catalogue error, read as an agent reads it: the result's text content. */
const errorOf = (result: Awaited<ReturnType<typeof callTool>>) => {
  expect(result.isError).toBe(true);
  // Only what matches the tool's output schema goes in structuredContent, and an error never does.
  expect(result.structuredContent).toBeUndefined();
  return JSON.parse(result.content[0]!.text).error;
};

describe("MCP server: the REST rules over MCP", () => {
  it("credits: a session the balance cannot pay for is INSUFFICIENT_CREDITS, and nothing is charged", async () => {
    const u = await registerUser();
    const token = await mcpToken(u.id);
    // 15 + 60 minutes + 4 = 79 credits; the second no longer fits in 100.
    const big = {
      cue: "Where is it?",
      session_type: "precognition",
      parameters: { duration: 3600, analysis_types: ["visual", "spatial", "temporal"] },
    };
    expect((await callTool(token, "create_session", big)).isError).toBeFalsy();
    const refused = await callTool(token, "create_session", big);
    expect(errorOf(refused)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      details: { required: 79, available: 21 },
    });
    const quote = await callTool(token, "quote_session", big);
    expect(quote.structuredContent).toMatchObject({ credits_required: 79, credits_remaining: 21, sufficient: false });
  });

  it("arguments a tool does not declare are INVALID_FIELD_VALUE naming them, not silently ignored", async () => {
    const u = await registerUser();
    const token = await mcpToken(u.id);
    expect(errorOf(await callTool(token, "get_billing", { verbose: true }))).toMatchObject({
      code: "INVALID_FIELD_VALUE",
      details: { reason: expect.stringContaining("verbose") },
    });
    expect(errorOf(await callTool(token, "list_sessions", { limt: 5 }))).toMatchObject({ code: "INVALID_FIELD_VALUE" });
    // quote_session takes create_session's arguments (cue and idempotency_key are not priced).
    const quote = await callTool(token, "quote_session", { cue: "Anything", session_type: "dowsing" });
    expect(quote.isError).toBeFalsy();
    expect(quote.structuredContent.credits_required).toBeGreaterThan(0);
  });

  it("rate limits: the tier's per-minute limit counts /mcp requests and refuses with 429 and Retry-After", async () => {
    const u = await registerUser();
    const token = await mcpToken(u.id);
    // One clock for the whole burst: it stays inside one minute window.
    const app = appAt(startOfMinuteWindow());
    const allowed: Array<Awaited<ReturnType<typeof mcp>>> = [];
    for (let i = 0; i < 100; i++) allowed.push(await mcp(token, "ping", {}, {}, app.fetch));
    expect(allowed.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(allowed.every((r) => r.headers.get("ratelimit-policy")?.includes('"minute";q=100'))).toBe(true);
    const refused = await mcp(token, "ping", {}, {}, app.fetch);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.body.error.data.code).toBe("RATE_LIMIT_EXCEEDED");
    // The same budget as /v1: REST is refused too.
    expect((await app.api("GET", "/v1/billing", { token: u.token })).status).toBe(429);
  });

  it("acts for an organization with X-Organization-Id, as REST does; a stranger's header is refused", async () => {
    const owner = await registerUser();
    const orgId = await createOrganization(owner);
    await topUpOrganization(orgId, 100);
    const token = await mcpToken(owner.id);
    const before = (await orgAccount(orgId)).balance;
    const created = await callTool(
      token,
      "create_session",
      { cue: "Team question", session_type: "dowsing" },
      asOrg(orgId),
    );
    expect(created.isError).toBeFalsy();
    expect((await orgAccount(orgId)).balance).toBe(before - created.structuredContent.credits_required);
    const mine = await callTool(token, "list_sessions", {});
    expect(mine.structuredContent.sessions).toEqual([]);
    const theirs = await callTool(token, "list_sessions", {}, asOrg(orgId));
    expect(theirs.structuredContent.sessions.map((s: any) => s.id)).toEqual([created.structuredContent.id]);

    const stranger = await registerUser();
    const refused = await mcp(await mcpToken(stranger.id), "tools/list", {}, asOrg(orgId));
    expect(refused.status).toBe(404);
    expect(refused.body.error.data.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("GET and DELETE /mcp: no session to stream or end (stateless)", async () => {
    const u = await registerUser();
    const token = await mcpToken(u.id);
    for (const method of ["GET", "DELETE"]) {
      const res = await workerFetch(
        new Request(`${BASE}/mcp`, {
          method,
          headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
        }),
      );
      expect(res.status).toBe(405);
    }
  });
});
