import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// scripts/dev.mjs (`npm run dev`) in a scratch copy whose node_modules/.bin holds a recording
// `wrangler` and `vite`: the script is the thing under test, so what it asks wrangler for and what
// it prints are read back. That wrangler honours `--var AUTH_ISSUER:…` is wrangler's own contract.
const root = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const RECORDER = `#!/usr/bin/env node
const { appendFileSync } = require("node:fs");
const args = process.argv.slice(2);
appendFileSync(process.env.DEV_TEST_CALLS, JSON.stringify({ tool: process.env.DEV_TEST_TOOL, args }) + "\\n");
if (args[0] === "d1") {
  const row = (name) => "│ " + name + " │ ✅ │";
  console.log(["Migrations to be applied:", "┌─┬─┐", row("0000_init.sql"), "├─┼─┤", row("0001_more.sql"), "└─┴─┘"].join("\\n"));
}
`;

function run(...args: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "dev-command-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "scripts"));
  for (const f of ["dev.mjs", "dev-key.mjs"]) copyFileSync(path.join(root, "scripts", f), path.join(dir, "scripts", f));
  copyFileSync(path.join(root, "wrangler.toml"), path.join(dir, "wrangler.toml"));
  const bin = path.join(dir, "node_modules/.bin");
  mkdirSync(bin, { recursive: true });
  for (const tool of ["wrangler", "vite"]) {
    const file = path.join(bin, tool);
    writeFileSync(file, RECORDER.replace("process.env.DEV_TEST_TOOL", JSON.stringify(tool)));
    chmodSync(file, 0o755);
  }
  writeFileSync(path.join(dir, "package.json"), "{}");
  const calls = path.join(dir, "calls.jsonl");
  const result = spawnSync(process.execPath, ["scripts/dev.mjs", ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, DEV_TEST_CALLS: calls },
  });
  const recorded = readFileSync(calls, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { tool: string; args: string[] });
  const dev = recorded.find((c) => c.tool === "wrangler" && c.args[0] === "dev");
  const migrated = recorded.filter((c) => c.tool === "wrangler" && c.args[0] === "d1").map((c) => c.args);
  return { status: result.status, stdout: result.stdout, devArgs: dev?.args ?? [], migrated };
}

const issuerOf = (args: string[]) => args.filter((a) => a.startsWith("AUTH_ISSUER:"));

describe("npm run dev", () => {
  it("serves on 127.0.0.1:8787 with the issuer at that address by default", () => {
    const { status, devArgs } = run();
    expect(status).toBe(0);
    expect(devArgs).toEqual([
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      "8787",
      "--var",
      "AUTH_ISSUER:http://127.0.0.1:8787",
    ]);
  });

  it("keeps discovery, token iss and console links on another port (the README's --port 8788)", () => {
    const { devArgs } = run("--port", "8788", "--var", "ANALYSIS_TIME_SCALE:0.01");
    expect(issuerOf(devArgs)).toEqual(["AUTH_ISSUER:http://127.0.0.1:8788"]);
    expect(devArgs.filter((a) => a === "--port")).toHaveLength(1);
    expect(devArgs).toContain("ANALYSIS_TIME_SCALE:0.01");
  });

  it("names loopback when bound to every interface, and takes --port=N", () => {
    const { devArgs } = run("--ip", "0.0.0.0", "--port=9000");
    expect(devArgs.slice(0, 5)).toEqual(["dev", "--ip", "0.0.0.0", "--port", "9000"]);
    expect(issuerOf(devArgs)).toEqual(["AUTH_ISSUER:http://127.0.0.1:9000"]);
  });

  it("leaves an explicit issuer and a deployed environment's issuer alone", () => {
    expect(issuerOf(run("--var", "AUTH_ISSUER:https://dev.example.test").devArgs)).toEqual([
      "AUTH_ISSUER:https://dev.example.test",
    ]);
    expect(issuerOf(run("--env", "staging", "--port", "8790").devArgs)).toEqual([]);
  });

  it("migrates every local database, the directory and each shard, and prints one line for it, not wrangler's table", () => {
    const { stdout, migrated } = run();
    expect(migrated).toEqual([
      ["d1", "migrations", "apply", "DB", "--local"],
      ["d1", "migrations", "apply", "SHARD_1", "--local"],
    ]);
    // Two migrations reported by each database's (recorded) wrangler.
    expect(stdout).toContain("dev: applied 4 D1 migration(s) to the local databases (DB, SHARD_1)");
    expect(stdout).not.toContain("│");
  });

  it("migrates the databases of the environment it serves", () => {
    const { migrated } = run("--env", "bench", "--persist-to", "/tmp/x");
    expect(migrated.map((args) => args[3])).toEqual(["DB", "SHARD_1"]);
    expect(migrated[0]).toEqual([
      "d1",
      "migrations",
      "apply",
      "DB",
      "--local",
      "--persist-to",
      "/tmp/x",
      "--env",
      "bench",
    ]);
  });
});
