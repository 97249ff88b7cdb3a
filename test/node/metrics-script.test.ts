import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/metrics.mjs against a stand-in for Analytics Engine's SQL API that answers each query (told
// apart by the kind it reads) with canned rows and records what it was asked. The script's reading of
// the figures and its alerts are under test; Analytics Engine is not.
const script = path.resolve(import.meta.dirname, "../../scripts/metrics.mjs");

type Rows = Record<string, Array<Record<string, unknown>>>;
let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

async function sqlApi(rows: Rows) {
  const asked: Array<{ path: string; auth: string; body: string }> = [];
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      asked.push({ path: req.url ?? "", auth: req.headers.authorization ?? "", body });
      const kind = /blob1 = '(\w+)'/.exec(body)?.[1] ?? "";
      const name = {
        request: "routes",
        session: "sessions",
        webhook: "webhooks",
        archive: "archive",
        credits_sold: "credits",
      }[kind]!;
      res.writeHead(200, { "content-type": "application/json" });
      // The SQL API answers numbers of UInt64 columns as strings.
      res.end(JSON.stringify({ meta: [], data: rows[name] ?? [], rows: (rows[name] ?? []).length }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, asked };
}

const run = (base: string, ...args: string[]) =>
  new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      [script, "--api-base", base, ...args],
      { env: { ...process.env, CLOUDFLARE_ACCOUNT_ID: "acct123", CLOUDFLARE_ANALYTICS_TOKEN: "tok-analytics" } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
    );
  });

const healthy: Rows = {
  routes: [
    { route: "/v1/sessions", method: "POST", requests: "400", errors_5xx: "1", errors_4xx: "12", p95_ms: 180.5 },
    {
      route: "/v1/sessions/:session_id",
      method: "GET",
      requests: "900",
      errors_5xx: "0",
      errors_4xx: "30",
      p95_ms: 40,
    },
  ],
  sessions: [
    { outcome: "completed", sessions: "380" },
    { outcome: "created", sessions: "400" },
    { outcome: "failed", sessions: "4" },
  ],
  webhooks: [{ outcome: "delivered", attempts: "300" }],
  credits: [{ credit_package: "starter", currency: "USD", purchases: "3", credits: "300", amount: "30" }],
};

describe("npm run metrics", () => {
  it("reads the environment's dataset over the window and prints each table", async () => {
    const api = await sqlApi(healthy);
    const r = await run(api.base, "--env", "production", "--since", "24");
    expect(r.code, r.out).toBe(0);
    expect(api.asked).toHaveLength(5);
    for (const q of api.asked) {
      expect(q.path).toBe("/accounts/acct123/analytics_engine/sql");
      expect(q.auth).toBe("Bearer tok-analytics");
      expect(q.body).toContain("FROM session_analysis_production");
      expect(q.body).toContain("INTERVAL '24' HOUR");
      expect(q.body).toMatch(/_sample_interval/);
    }
    expect(r.out).toContain("/v1/sessions/:session_id");
    expect(r.out).toContain("starter");
    expect(r.out).not.toContain("tok-analytics");
  });

  it("--check is quiet and exits 0 when no alert fires", async () => {
    const r = await run((await sqlApi(healthy)).base, "--env", "production", "--check");
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain("ok: no alert on session_analysis_production");
  });

  it("--check names each firing alert and exits 1", async () => {
    const api = await sqlApi({
      routes: [
        { route: "/v1/sessions", method: "POST", requests: "100", errors_5xx: "9", errors_4xx: "0", p95_ms: 2400 },
        // Too few requests for its p95 to count.
        { route: "/v1/exports/users", method: "GET", requests: "3", errors_5xx: "0", errors_4xx: "0", p95_ms: 9000 },
      ],
      sessions: [
        { outcome: "completed", sessions: "80" },
        { outcome: "failed", sessions: "20" },
      ],
      webhooks: [
        { outcome: "dead_lettered", attempts: "2" },
        { outcome: "delivered", attempts: "50" },
        { outcome: "failed", attempts: "50" },
      ],
      archive: [
        { outcome: "archived", events: "900" },
        { outcome: "corrupt", events: "1" },
        { outcome: "missing", events: "2" },
      ],
    });
    const r = await run(api.base, "--env", "staging", "--check");
    expect(r.code, r.out).toBe(1);
    const alerts = r.out.split("\n").filter((l) => l.startsWith("ALERT"));
    expect(alerts).toEqual([
      "ALERT Error rate: 9 of 103 requests answered 5xx (8.7 % > 1.0 %)",
      "ALERT Latency: POST /v1/sessions p95 2400 ms > 1000 ms",
      "ALERT Sessions failing: 20 of 100 ended sessions failed (20.0 %)",
      "ALERT Webhook failures: 50 of 100 attempts failed (50.0 %)",
      "ALERT Webhook failures: 2 deliveries dead-lettered",
      "ALERT Session archive: 3 reads found an archived session's object missing or corrupt",
    ]);
    expect(api.asked[0]!.body).toContain("FROM session_analysis_staging");
  });

  it("refuses to run without an account and token, or with a window Analytics Engine does not keep", async () => {
    const missing = await new Promise<{ code: number; out: string }>((resolve) => {
      const {
        CLOUDFLARE_API_TOKEN: _a,
        CLOUDFLARE_ANALYTICS_TOKEN: _b,
        CLOUDFLARE_ACCOUNT_ID: _c,
        ...rest
      } = process.env;
      execFile(process.execPath, [script, "--env", "production"], { env: rest }, (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr }),
      );
    });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain("CLOUDFLARE_ACCOUNT_ID");
    const tooLong = await run("http://127.0.0.1:9", "--env", "production", "--since", "9999");
    expect(tooLong.code).toBe(2);
    expect(tooLong.out).toContain("--since");
  });
});
