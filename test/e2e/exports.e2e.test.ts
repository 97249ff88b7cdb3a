import { describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { sharedServer } from "./support/shared-server";

// Exports over real HTTP from `wrangler dev`: streamed (chunked, no Content-Length), as attachments.
describe("exports against wrangler dev", () => {
  const server = sharedServer();

  const { call, register } = apiClient(() => server.url);

  it("streams the caller's sessions as CSV and NDJSON; high priority shows in price and schedule", async () => {
    const token = await register("e2e.exports");
    const normal = await call("POST", "/v1/sessions", token, { cue: "normal one", session_type: "dowsing" });
    const high = await call("POST", "/v1/sessions", token, {
      cue: "=cmd|' /C calc'!A0",
      session_type: "dowsing",
      parameters: { priority: "high" },
    });
    expect(normal.status).toBe(201);
    expect(high.status).toBe(201);
    expect(high.body.data.credits_required).toBe(Math.ceil(normal.body.data.credits_required * 1.5));

    const csv = await fetch(`${server.url}/v1/exports/sessions`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-length")).toBeNull();
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="sessions-[\d-]+\.csv"$/);
    const text = await csv.text();
    const lines = text.split("\r\n");
    expect(lines[0]!.startsWith("id,session_type,status,cue,created_at,")).toBe(true);
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    // Neutralised: a leading apostrophe, and no quoting needed (no comma, quote or line break).
    expect(lines[2]).toContain(",'=cmd|' /C calc'!A0,");

    const nd = await fetch(`${server.url}/v1/exports/sessions`, {
      headers: { authorization: `Bearer ${token}`, accept: "application/x-ndjson" },
    });
    const rows = (await nd.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => [r.id, r.priority])).toEqual([
      [normal.body.data.id, "normal"],
      [high.body.data.id, "high"],
    ]);
    expect(rows[1].cue).toBe("=cmd|' /C calc'!A0");

    const denied = await call("GET", "/v1/exports/users", token);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("INSUFFICIENT_PERMISSIONS");
  });
});
