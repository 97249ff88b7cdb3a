#!/usr/bin/env node
// Deploys one environment of wrangler.toml, in the order that keeps the running version working:
//
//   1. the environment's resources exist and their ids are in wrangler.toml (found by name, created
//      when missing: scripts/deploy-setup.mjs), and its address is consistent (addressProblems);
//   2. the version serving now is noted, for the rollback command printed at the end;
//   3. the pending D1 migrations are applied remotely, while that version still serves: migrations
//      only expand the schema (expand-then-contract, docs/operations.md), so it keeps working;
//   4. `wrangler deploy` puts the new version in front of traffic;
//   5. the signing and data keys, if the Worker has none yet, generated and put unseen
//      (scripts/secrets.mjs init: it never replaces one), so a first deploy needs no pasted key;
//   6. how to roll back, and what a rollback does not undo (the migrations).
//
// An environment with no address yet on workers.dev (a fresh checkout, the Deploy to Cloudflare
// button) is deployed, its workers.dev address read from wrangler's output, the address written into
// wrangler.toml, and deployed again with it: until then production answers 503 (AUTH_ISSUER unset).
//
//   npm run deploy -- --env production            (runs `npm run console:build` first)
//   npm run deploy -- --env production --dry-run  the steps; calls nothing
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  addressFor,
  applyMigrations,
  ensureDatabases,
  ensureKv,
  ensureQueues,
  readPlan,
  resolveAddress,
  useConfigFolder,
  withAddress,
  withIds,
  wrangler,
} from "./deploy-setup.mjs";
import { init as initSecrets } from "./secrets.mjs";

export function parseArgs(argv) {
  const args = { env: undefined, dryRun: false, config: "wrangler.toml" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dry-run") args.dryRun = true;
    else if (a === "--env") args.env = argv[++i];
    else if (a.startsWith("--env=")) args.env = a.slice("--env=".length);
    else if (a === "--config") args.config = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.env) throw new Error("--env <name> is required (an [env.<name>] section of wrangler.toml)");
  return args;
}

/** The version serving 100% of traffic now (none before the first deploy). */
function currentVersion(plan) {
  const r = wrangler(["deployments", "status", "--env", plan.env, "--json", "--config", plan.configPath], {
    allowFailure: true,
  });
  if (r.status !== 0) return undefined;
  try {
    const status = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
    const versions = status.versions ?? [];
    return versions.find((v) => v.percentage === 100)?.version_id ?? versions[0]?.version_id;
  } catch {
    return undefined;
  }
}

/** `wrangler deploy`'s output names the workers.dev address (when served there) and the new version. */
export function readDeployOutput(text) {
  return {
    workersDevUrl: /https:\/\/[a-z0-9.-]+\.workers\.dev\b/.exec(text)?.[0],
    versionId: /Current Version ID:\s*([0-9a-f-]{8,})/i.exec(text)?.[1],
  };
}

function deploy(plan, log) {
  const r = wrangler(["deploy", "--env", plan.env, "--config", plan.configPath]);
  const out = readDeployOutput(r.stdout + r.stderr);
  log(`deployed ${plan.worker}${out.versionId ? ` as version ${out.versionId}` : ""}`);
  return out;
}

export function rollbackReport(plan, previous) {
  return [
    "",
    "To roll back (the Worker's code and config only):",
    previous
      ? `  npx wrangler rollback ${previous} --env ${plan.env} -m "why"`
      : `  npx wrangler versions list --env ${plan.env}   (then: npx wrangler rollback <version-id> --env ${plan.env})`,
    "A rollback does not undo D1 migrations: the previous version runs on the migrated schema, which",
    "works because migrations only add (expand-then-contract, docs/operations.md). To undo data, restore",
    `D1 with Time Travel, each database (${plan.databases.map((d) => d.binding).join(", ")}): npx wrangler d1 time-travel restore ${plan.d1.binding} --env ${plan.env} --timestamp <before the deploy>`,
    "Secrets are not versioned with the code: a rollback keeps the current ones.",
  ].join("\n");
}

export function dryRunReport(plan, address, migrations) {
  const host = address.vars.AUTH_ISSUER;
  return [
    `Deploy of [env.${plan.env}] (worker ${plan.worker}); dry run: nothing is called.`,
    `  1. resources by name (D1 ${plan.databases.map((d) => d.name).join(", ")}, KV ${plan.kv.title}, ${plan.queues.length} queues), ids into wrangler.toml`,
    `  2. note the version serving now (wrangler deployments status) for the rollback`,
    `  3. D1 migrations --remote: the pending ones of ${migrations.length} (${migrations.at(-1) ?? "none"} is the newest), on each of ${plan.databases.map((d) => d.binding).join(", ")}`,
    `  4. wrangler deploy --env ${plan.env} → ${host || "workers.dev (address read from the output, written, deployed again)"}`,
    "  5. JWT_PRIVATE_KEY and DATA_ENCRYPTION_KEY generated and put if the Worker has none (never replaced)",
    `  6. print the rollback steps; then: npm run smoke -- ${host || "https://<address>"}`,
  ].join("\n");
}

export async function main(argv, { cwd = process.cwd(), log = console.log } = {}) {
  const args = parseArgs(argv);
  const configPath = path.resolve(cwd, args.config);
  let toml = readFileSync(configPath, "utf8");
  const plan = { ...readPlan(toml, args.env), configPath };
  useConfigFolder(configPath);
  const unaddressed = !plan.address.vars.AUTH_ISSUER && plan.address.routes.length === 0;
  if (unaddressed && !plan.address.workersDev)
    throw new Error(
      `[env.${plan.env}] has no address: npm run deploy:setup -- --env ${plan.env} --hostname <host> (or set workers_dev = true)`,
    );
  // Checked before anything is called: a disagreeing address is refused here (resolveAddress throws).
  const address = unaddressed ? plan.address : resolveAddress(plan, { dryRun: args.dryRun });
  const migrations = readdirSync(path.resolve(path.dirname(configPath), plan.d1.migrationsDir))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  if (args.dryRun) {
    log(dryRunReport(plan, address, migrations));
    return;
  }

  const ids = { d1: ensureDatabases(plan, log), kv: ensureKv(plan.kv.title, log) };
  ensureQueues(plan.queues, log);
  const withResourceIds = withIds(toml, plan, ids);
  if (withResourceIds !== toml) {
    toml = withResourceIds;
    writeFileSync(configPath, toml);
    log(`${args.config}: wrote the D1 and KV ids into [env.${plan.env}]`);
  }

  const previous = currentVersion(plan);
  log(previous ? `serving now: version ${previous}` : "serving now: nothing (first deploy)");
  applyMigrations(plan, log);
  const first = deploy(plan, log);

  // After a deploy: `secret bulk` makes a new version of a Worker that exists.
  await initSecrets(plan, { dryRun: false }, log);
  let url = address.vars.AUTH_ISSUER;
  if (unaddressed) {
    if (!first.workersDevUrl)
      throw new Error("wrangler deploy printed no workers.dev address to derive the issuer from");
    const derived = addressFor({ hostname: new URL(first.workersDevUrl).hostname, workersDev: true });
    writeFileSync(configPath, withAddress(toml, plan.env, derived));
    log(`${args.config}: [env.${plan.env}] is served at ${first.workersDevUrl}; its address written (commit it)`);
    deploy(plan, log);
    url = derived.vars.AUTH_ISSUER;
  }
  log(rollbackReport(plan, previous));
  log(`\nCheck it: npm run smoke -- ${url}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`deploy: ${err.message}`);
    process.exit(1);
  });
}
