import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sharedServer } from "./support/shared-server";
import { freePort } from "./support/wrangler";

// `npm run smoke` against a real `wrangler dev` (the shared server: webhooks may reach 127.0.0.1, a
// 30 s session takes under a second), as CI runs it: every step passes and the script exits 0.
const script = path.resolve(import.meta.dirname, "../../scripts/smoke.mjs");

const run = (...args: string[]) =>
  new Promise<{ code: number; lines: string[] }>((resolve) => {
    execFile(process.execPath, [script, ...args], { encoding: "utf8" }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, lines: `${stdout}${stderr}`.trim().split("\n") }),
    );
  });

describe("npm run smoke against wrangler dev", () => {
  const server = sharedServer();

  it("passes every step, the signed webhook delivery included, and cleans up after itself", async () => {
    const port = await freePort();
    const { code, lines } = await run(
      server.url,
      "--webhook-url",
      `http://127.0.0.1:${port}/hook`,
      "--webhook-listen",
      String(port),
      // A fresh user's free credits would cover the session: buy anyway, as a deployment without them must.
      "--buy-credits",
    );
    expect(code, lines.join("\n")).toBe(0);
    expect(lines.map((l) => /^(\w+)\s+([^:(]+)/.exec(l)!.slice(1, 3).join(" ").trim())).toEqual([
      "ok discovery",
      "ok register",
      "ok credits",
      "ok webhook",
      "ok create session",
      "ok follow over WebSocket",
      "ok analysis",
      "ok webhook delivery",
      "ok clean up",
    ]);
    expect(lines.join("\n")).toContain("signature verified");
    expect(lines[2]).toMatch(/^ok\s+credits: \d+ needed; bought 100 with pm_\d+, balance \d+/);
    // The stages that finish before the socket opens are in its snapshot, so only the last one is certain here.
    expect(lines[5]).toMatch(/stages (.* → )?final_validation, closed 1000/);
  });

  it("--api-key acts as an existing account, and leaves the account alone", async () => {
    const reg = await fetch(`${server.url}/v1/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `smoke-key-${Date.now()}@example.com`,
        username: "smoke",
        password: "correct-horse-42",
        tier: "basic",
        marketing_consent: false,
      }),
    }).then((r) => r.json() as Promise<{ data: { token: string; user: { id: string } } }>);
    const key = await fetch(`${server.url}/v1/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${reg.data.token}` },
      body: JSON.stringify({ name: "smoke", scopes: ["profile", "remote-viewing:read", "remote-viewing:write"] }),
    }).then((r) => r.json() as Promise<{ data: { key: string } }>);
    const { code, lines } = await run(server.url, "--api-key", key.data.key);
    expect(code, lines.join("\n")).toBe(0);
    expect(lines[1]).toMatch(new RegExp(`^ok\\s+api key: acting as user ${reg.data.user.id}`));
    expect(lines.at(-1)).toMatch(/^ok\s+clean up: nothing to delete/);
    const me = await fetch(`${server.url}/v1/users/me`, { headers: { "x-api-key": key.data.key } });
    expect(me.status).toBe(200);
  });

  it("fails with exit 1 and says which step, for a deployment that is not there", async () => {
    const { code, lines } = await run(`http://127.0.0.1:${await freePort()}`);
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^FAIL\s+discovery: /);
  });
});
