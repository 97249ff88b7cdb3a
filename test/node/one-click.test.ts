import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain .mjs script
import { readPlan, SECRETS } from "../../scripts/deploy-setup.mjs";

// What the "Deploy to Cloudflare" button starts from: a fresh copy of the repository (its tracked files
// only: no ids written by an earlier setup, no .dev.vars, no local state) on an account that has none of
// its resources yet. The copy must deploy as it is; offline, `wrangler deploy --dry-run` is the closest.
const root = path.resolve(import.meta.dirname, "../..");
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), "one-click-"));
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0");
  for (const file of tracked.filter(Boolean)) {
    if (!existsSync(path.join(root, file))) continue; // deleted in the work tree, not yet committed
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
  // What a deploy builds first (`npm run console:build`, run before the tests) and installs (`npm ci`).
  cpSync(path.join(root, "console/dist"), path.join(copy, "console/dist"), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(copy, "node_modules"));
});

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

const toml = () => readFileSync(path.join(copy, "wrangler.toml"), "utf8");

describe("a fresh copy of the repository, as the Deploy to Cloudflare button starts from", () => {
  it.each(["production", "staging"])("%s names its D1 database and KV namespace without ids", (env) => {
    const plan = readPlan(toml(), env);
    expect(plan.d1.id).toBeUndefined();
    expect(plan.kv.id).toBeUndefined();
    expect(plan.d1.name).toBe(`session-analysis-${env}`);
    // At least two databases everywhere it runs (docs/scale.md "Shards"), none with an id yet.
    expect(
      plan.databases.map((d: { binding: string; name: string; id?: unknown }) => [d.binding, d.name, d.id]),
    ).toEqual([
      ["DB", `session-analysis-${env}`, undefined],
      ["SHARD_1", `session-analysis-${env}-shard-1`, undefined],
    ]);
  });

  it("wrangler deploy --dry-run --env production builds and binds everything with no ids", () => {
    const out = path.join(copy, ".out");
    const r = spawnSync(
      path.join(root, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--env", "production", "--outdir", out],
      {
        cwd: copy,
        encoding: "utf8",
        env: {
          ...process.env,
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_SEND_METRICS: "false",
          XDG_CONFIG_HOME: path.join(copy, ".config"),
          NO_COLOR: "1",
        },
      },
    );
    const text = r.stdout + r.stderr;
    expect(r.status, text).toBe(0);
    for (const binding of [
      "env.DB (session-analysis-production)",
      "env.SHARD_1 (session-analysis-production-shard-1)",
      "env.KV",
      "env.SESSION_ROOM",
      "env.WEBHOOK_QUEUE",
    ])
      expect(text).toContain(binding);
    expect(existsSync(path.join(out, "index.js"))).toBe(true);
  });

  it("npm run deploy's plan needs no address or id to start (it serves on workers.dev and writes them)", () => {
    const r = spawnSync(process.execPath, ["scripts/deploy.mjs", "--env", "production", "--dry-run"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain("workers.dev (address read from the output, written, deployed again)");
  });

  it("the deploy page describes every binding and secret, and .dev.vars.example names every secret", () => {
    const pkg = JSON.parse(readFileSync(path.join(copy, "package.json"), "utf8"));
    const described = Object.keys(pkg.cloudflare.bindings);
    const production = toml().split("[env.production]")[1]!.split("[env.bench]")[0]!;
    const bound = [...production.matchAll(/(?:binding|name)\s*=\s*"([A-Z][A-Z0-9_]+)"/g)].map((m) => m[1]);
    const secrets = (SECRETS as Array<{ name: string }>).map((s) => s.name);
    expect(bound.length).toBeGreaterThan(4);
    for (const name of [...bound, ...secrets]) expect(described, name).toContain(name);
    for (const name of described) expect(pkg.cloudflare.bindings[name].description.length, name).toBeGreaterThan(20);
    const example = readFileSync(path.join(copy, ".dev.vars.example"), "utf8");
    const named = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=$/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual([...secrets].sort());
  });
});
