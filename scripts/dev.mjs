#!/usr/bin/env node
// `npm run dev [-- <wrangler dev args>]`: everything local, nothing to set up.
// 1. writes a development signing key and data encryption key to .dev.vars
//    if there are none;
// 2. applies the D1 migrations to every local database (the directory and shard 0, DB, and each
//    further shard, SHARD_n: one schema on each);
// 3. builds the console (console/ → console/dist) and keeps rebuilding it on change;
// 4. starts `wrangler dev` on http://127.0.0.1:8787 (D1, KV, Queues and the
//    Durable Object all local; the console at /, the API reference at /v1/docs).
//    Arguments after `--` go to `wrangler dev`; with another `--ip`/`--port` the
//    token issuer follows them, so OAuth discovery, `iss` and the console's links
//    name the address actually served (production keeps its configured issuer).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateDevDataKey, generateDevSigningKey } from "./dev-key.mjs";

const args = process.argv.slice(2);
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const wrangler = "node_modules/.bin/wrangler";

const appendDevVar = (name, value, what) => {
  const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
  if (new RegExp(`^${name}=`, "m").test(devVars)) return;
  writeFileSync(".dev.vars", `${devVars}${devVars && !devVars.endsWith("\n") ? "\n" : ""}${name}='${value}'\n`, {
    mode: 0o600,
  });
  console.log(`dev: wrote a development ${what} to .dev.vars`);
};
appendDevVar("JWT_PRIVATE_KEY", await generateDevSigningKey(), "signing key");
appendDevVar("DATA_ENCRYPTION_KEY", generateDevDataKey(), "data encryption key");

// Options that pick the local state directory or environment apply to the migrations too.
const shared = [];
for (const flag of ["--persist-to", "--env", "-e"]) {
  const i = args.indexOf(flag);
  if (i >= 0 && args[i + 1]) shared.push(flag, args[i + 1]);
}
/**
 * The D1 bindings of the development environment (or `--env`'s) in wrangler.toml: the bindings of its
 * d1_databases tables, read as text (this script loads no wrangler module).
 */
function d1Bindings(toml, environment) {
  const table = environment ? `[[env.${environment}.d1_databases]]` : "[[d1_databases]]";
  return toml
    .split(/\n(?=\s*\[)/)
    .filter((t) => t.trim().startsWith(table))
    .map((t) => /^\s*binding\s*=\s*"([^"]+)"/m.exec(t)?.[1])
    .filter(Boolean);
}
const envFlag = shared.findIndex((a) => a === "--env" || a === "-e");
const bindings = d1Bindings(readFileSync("wrangler.toml", "utf8"), envFlag >= 0 ? shared[envFlag + 1] : undefined);
let applied = 0;
for (const binding of bindings) {
  // wrangler prints a table row per migration; a newcomer needs one line unless it fails.
  const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", binding, "--local", ...shared], {
    encoding: "utf8",
    env,
  });
  if (migrate.status !== 0) {
    process.stdout.write(migrate.stdout ?? "");
    process.stderr.write(migrate.stderr ?? "");
    process.exit(migrate.status ?? 1);
  }
  applied += (migrate.stdout.match(/│\s*\d{4}_\S+\.sql\s*│\s*✅/g) ?? []).length;
}
console.log(
  applied
    ? `dev: applied ${applied} D1 migration(s) to the local databases (${bindings.join(", ")})`
    : `dev: local databases up to date (${bindings.join(", ")})`,
);

const vite = "node_modules/.bin/vite";
const viteArgs = ["build", "--config", "console/vite.config.ts", "--logLevel", "warn"];
const build = spawnSync(vite, viteArgs, { stdio: "inherit", env });
if (build.status !== 0) process.exit(build.status ?? 1);
// Rebuilds on change; wrangler dev serves the new files from console/dist.
const watcher = spawn(vite, [...viteArgs, "--watch"], { stdio: "inherit", env });

const flagValue = (flag) => {
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  return args[i] === flag ? args[i + 1] : args[i].slice(flag.length + 1);
};
const ip = flagValue("--ip") ?? "127.0.0.1";
const port = flagValue("--port") ?? "8787";
const defaults = ["--ip", ip, "--port", port];
// The development issuer is the served origin (a wildcard bind is reached on loopback); an
// explicit `--var AUTH_ISSUER:…` or a deployed environment's own value wins.
const deployed = ["staging", "production"].includes(flagValue("--env") ?? flagValue("-e") ?? "");
const issuerGiven = args.some((a) => a.startsWith("AUTH_ISSUER:") || a.startsWith("--var=AUTH_ISSUER:"));
const host = ["0.0.0.0", "::", "*"].includes(ip) ? "127.0.0.1" : ip.includes(":") ? `[${ip}]` : ip;
if (!deployed && !issuerGiven) defaults.push("--var", `AUTH_ISSUER:http://${host}:${port}`);
const passThrough = args.filter(
  (a, i) => !["--ip", "--port"].some((f) => a === f || a.startsWith(`${f}=`) || args[i - 1] === f),
);
const child = spawn(wrangler, ["dev", ...defaults, ...passThrough], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    watcher.kill(signal);
    child.kill(signal);
  });
child.on("exit", (code) => {
  watcher.kill("SIGTERM");
  process.exit(code ?? 0);
});
