import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { apiClient } from "./support/api";
import { type DevServer, startWrangler } from "./support/wrangler";

// `npm run admin:grant` (scripts/admin-grant.mjs) on the local D1 of a `wrangler dev`: the one way,
// besides the verified ADMIN_EMAILS bootstrap, to the administrator role (issue 27). It runs the
// real `wrangler d1 execute` on the server's state while the server is stopped (as an operator
// would between runs: two processes writing one local SQLite file is not supported), then the
// server starts again on that state.
const ROOT = path.resolve(import.meta.dirname, "../..");

function adminGrant(...args: string[]) {
  return spawnSync(process.execPath, [path.join(ROOT, "scripts/admin-grant.mjs"), ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}` },
    timeout: 120_000,
  });
}

describe("npm run admin:grant", () => {
  const persistDir = mkdtempSync(path.join(tmpdir(), "sas-admin-grant-"));
  const server = { persistDir };
  let running: DevServer | undefined;
  const { call } = apiClient(() => running?.url ?? "");
  afterAll(async () => {
    await running?.stop();
    rmSync(persistDir, { recursive: true, force: true });
  });

  // Two server starts and four wrangler runs, each a cold Node process: minutes when the pool runs beside it.
  it("grants and revokes the administrator role on the local database, recorded in admin_audit", async () => {
    running = await startWrangler({ persistDir });
    const email = `operator.${Date.now()}@example.com`;
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email,
      username: "operator",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(reg.status).toBe(201);
    const signIn = async () =>
      (await call("POST", "/v1/auth/login", undefined, { email, password: "correct-horse-42" })).body.data
        .token as string;
    const before = await signIn();
    expect((await call("GET", "/v1/admin/system/status", before)).status).toBe(403);
    await running.stop();
    running = undefined;

    const granted = adminGrant("--email", email.toUpperCase(), "--persist-to", server.persistDir);
    expect([granted.status, granted.stderr]).toEqual([0, expect.any(String)]);
    expect(granted.stdout).toContain(`${email} (${reg.body.data.user.id}) is an administrator`);
    // Granting again changes nothing and records nothing.
    expect(adminGrant("--email", email, "--persist-to", server.persistDir).status).toBe(0);

    running = await startWrangler({ persistDir });
    const admin = await signIn();
    expect((await call("GET", "/v1/admin/system/status", admin)).status).toBe(200);
    await running.stop();
    running = undefined;

    const revoked = adminGrant("--email", email, "--revoke", "--persist-to", server.persistDir);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain("is not an administrator");

    const trail = spawnSync(
      path.join(ROOT, "node_modules/.bin/wrangler"),
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--json",
        "--persist-to",
        server.persistDir,
        "--command",
        `SELECT action, actor FROM admin_audit WHERE email = '${email}' ORDER BY created_at, id`,
      ],
      { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
    );
    const rows = JSON.parse(trail.stdout.slice(trail.stdout.indexOf("[")))[0].results;
    expect(rows).toEqual([
      { action: "granted", actor: "cli" },
      { action: "revoked", actor: "cli" },
    ]);
  }, 300_000);

  it("refuses an address that is not plain (no SQL through it) and one nobody registered", () => {
    const injected = adminGrant("--email", "x'; DROP TABLE users; --@example.com", "--persist-to", server.persistDir);
    expect(injected.status).toBe(1);
    expect(injected.stderr).toContain("--email must be a plain email address");
    const unknown = adminGrant("--email", `nobody.${Date.now()}@example.com`, "--persist-to", server.persistDir);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("no user with the email");
  });
});
