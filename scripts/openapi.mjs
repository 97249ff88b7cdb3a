#!/usr/bin/env node
// The SERVED OpenAPI document, for tools: `node scripts/openapi.mjs dump FILE` writes
// what GET /v1/openapi.json answers. The document comes from `wrangler dev` on a free
// 127.0.0.1 port: the same workerd and bundle production serves (the app imports
// cloudflare: modules, so it cannot be loaded in plain Node). Needs the console built
// (`npm run console:build`), since wrangler serves its assets directory.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateDevDataKey, generateDevSigningKey } from "./dev-key.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

export async function servedDocument() {
  const port = await freePort();
  const state = mkdtempSync(path.join(tmpdir(), "sas-client-"));
  const vars = { JWT_PRIVATE_KEY: await generateDevSigningKey(), DATA_ENCRYPTION_KEY: generateDevDataKey() };
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", state, "--log-level", "warn"];
  // Its own inspector port too: wrangler's default collides with any other wrangler dev running.
  args.push("--inspector-port", String(await freePort()), "--show-interactive-dev-session=false");
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child = spawn(path.join(ROOT, "node_modules/.bin/wrangler"), args, {
    cwd: ROOT,
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_SEND_METRICS: "false",
      XDG_CONFIG_HOME: path.join(tmpdir(), "sas-wrangler-config"),
      // Its debug log (written whatever --log-level says) goes with the state, removed below.
      WRANGLER_LOG_PATH: path.join(state, "logs"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  try {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`);
        if (res.ok) return await res.json();
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`wrangler dev did not start:\n${output}`);
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
    rmSync(state, { recursive: true, force: true });
  }
}

async function main() {
  const [command, file] = process.argv.slice(2);
  if (command !== "dump" || !file) {
    console.error("usage: node scripts/openapi.mjs dump FILE");
    process.exit(2);
  }
  const doc = await servedDocument();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  console.error(`openapi: wrote ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
