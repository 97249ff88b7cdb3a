import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/deploy-setup.mjs against a fake `wrangler` first on PATH
// (test/node/support/fake-wrangler.mjs), which plays a Cloudflare account
// and records every call. The script is the thing under test; Cloudflare is not.
const root = path.resolve(import.meta.dirname, "../..");
const script = path.join(root, "scripts/deploy-setup.mjs");
const fake = path.join(root, "test/node/support/fake-wrangler.mjs");

interface Account {
  d1: Array<{ uuid: string; name: string }>;
  kv: Array<{ id: string; title: string }>;
  queues: string[];
  secrets: Array<{ name: string; type: string }>;
  pendingMigrations: boolean;
  calls: string[][];
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(seed: Partial<Account> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "deploy-setup-"));
  dirs.push(dir);
  copyFileSync(path.join(root, "wrangler.toml"), path.join(dir, "wrangler.toml"));
  cpSync(path.join(root, "migrations"), path.join(dir, "migrations"), { recursive: true });
  const bin = path.join(dir, "bin");
  cpSync(fake, path.join(bin, "fake-wrangler.mjs"));
  symlinkSync(path.join(bin, "fake-wrangler.mjs"), path.join(bin, "wrangler"));
  const stateFile = path.join(dir, "account.json");
  const initial: Account = { d1: [], kv: [], queues: [], secrets: [], pendingMigrations: true, calls: [], ...seed };
  writeFileSync(stateFile, JSON.stringify(initial));
  // The script and the fake wrangler make no TLS connection: without NODE_EXTRA_CA_CERTS, Node
  // does not parse a bundle of certificates at each of their starts (~60 ms of CPU, ~100 starts).
  const { NODE_EXTRA_CA_CERTS: _certificates, ...env } = process.env;
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [script, ...args], {
      cwd: dir,
      encoding: "utf8",
      env: { ...env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, FAKE_WRANGLER_STATE: stateFile },
    });
    return { status: r.status, out: r.stdout + r.stderr };
  };
  const account = (): Account => JSON.parse(readFileSync(stateFile, "utf8"));
  const toml = () => readFileSync(path.join(dir, "wrangler.toml"), "utf8");
  return { run, account, toml };
}

const creates = (calls: string[][]) => calls.filter((c) => c.includes("create")).map((c) => c.join(" "));
const section = (toml: string, env: string) => toml.split(`[env.${env}]`)[1]!.split(/\n\[env\.(?!production)/)[0]!;

describe("npm run deploy:setup", () => {
  it("--dry-run prints the plan from wrangler.toml and calls nothing", () => {
    const p = project();
    const before = p.toml();
    const r = p.run("--env", "production", "--dry-run");
    expect(r.status, r.out).toBe(0);
    expect(p.account().calls).toEqual([]);
    expect(p.toml()).toBe(before);
    for (const name of [
      "session-analysis-production",
      "session-analysis-production-kv",
      "session-analysis-webhooks-production",
      "session-analysis-webhooks-dlq-production",
      "JWT_PRIVATE_KEY",
      "DATA_ENCRYPTION_KEY",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      // The newest migration is named in the plan.
      readdirSync(path.resolve(import.meta.dirname, "../../migrations"))
        .filter((f) => f.endsWith(".sql"))
        .sort()
        .at(-1)!,
    ])
      expect(r.out).toContain(name);
  });

  it("creates every resource of the environment, writes their ids there only, applies migrations, lists missing secrets", () => {
    const p = project();
    const staging = section(p.toml(), "staging");
    const r = p.run("--env", "production");
    expect(r.status, r.out).toBe(0);
    const account = p.account();
    expect(creates(account.calls)).toEqual([
      "d1 create session-analysis-production",
      "kv namespace create session-analysis-production-kv",
      "queues create session-analysis-webhooks-production",
      "queues create session-analysis-webhooks-dlq-production",
    ]);
    const prod = section(p.toml(), "production");
    expect(prod).toContain(`database_id = "${account.d1[0]!.uuid}"`);
    expect(prod).toContain(`id = "${account.kv[0]!.id}"`);
    expect(section(p.toml(), "staging")).toBe(staging);
    expect(account.calls.filter((c) => c[1] === "migrations" && c[2] === "apply")).toEqual([
      ["d1", "migrations", "apply", "DB", "--env", "production", "--remote", "--config", expect.any(String)],
    ]);
    expect(r.out).toMatch(/MISSING\s+JWT_PRIVATE_KEY/);
    expect(r.out).toMatch(/MISSING\s+DATA_ENCRYPTION_KEY/);
    expect(r.out).toContain("npx wrangler secret put DATA_ENCRYPTION_KEY --env production");
    // Production charges through Stripe (PAYMENT_GATEWAY = "stripe"), so its secrets are required there.
    expect(r.out).toMatch(/MISSING\s+STRIPE_SECRET_KEY/);
    expect(r.out).toMatch(/MISSING\s+STRIPE_WEBHOOK_SECRET/);
    expect(r.out).toContain("npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production");
  });

  it("the Stripe secrets are optional where the environment uses the test gateway", () => {
    const r = project().run("--env", "staging");
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/not set\s+STRIPE_SECRET_KEY \(optional\)/);
    expect(r.out).not.toMatch(/MISSING\s+STRIPE/);
  });

  it("is idempotent: a second run creates nothing, leaves wrangler.toml alone and applies no migration", () => {
    const p = project();
    expect(p.run("--env", "production").status).toBe(0);
    const toml = p.toml();
    const callsBefore = p.account().calls.length;
    const again = p.run("--env", "production");
    expect(again.status, again.out).toBe(0);
    const second = p.account().calls.slice(callsBefore);
    expect(creates(second)).toEqual([]);
    expect(second.some((c) => c[2] === "apply")).toBe(false);
    expect(p.toml()).toBe(toml);
    expect(again.out).toContain("ids already in [env.production]");
  });

  it("reuses resources that already exist by name and reports secrets already set", () => {
    const p = project({
      d1: [{ uuid: "11111111-2222-3333-4444-555555555555", name: "session-analysis-production" }],
      kv: [{ id: "f".repeat(32), title: "session-analysis-production-kv" }],
      queues: ["session-analysis-webhooks-production"],
      secrets: [
        { name: "JWT_PRIVATE_KEY", type: "secret_text" },
        { name: "DATA_ENCRYPTION_KEY", type: "secret_text" },
        { name: "STRIPE_SECRET_KEY", type: "secret_text" },
        { name: "STRIPE_WEBHOOK_SECRET", type: "secret_text" },
      ],
      pendingMigrations: false,
    });
    const r = p.run("--env", "production");
    expect(r.status, r.out).toBe(0);
    expect(creates(p.account().calls)).toEqual(["queues create session-analysis-webhooks-dlq-production"]);
    const prod = section(p.toml(), "production");
    expect(prod).toContain('database_id = "11111111-2222-3333-4444-555555555555"');
    expect(prod).toContain(`id = "${"f".repeat(32)}"`);
    expect(r.out).toMatch(/set\s+JWT_PRIVATE_KEY/);
    expect(r.out).not.toContain("MISSING");
  });

  it("refuses an environment wrangler.toml does not define", () => {
    const r = project().run("--env", "nowhere", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.out).toContain("no [env.nowhere] section");
  });
});
