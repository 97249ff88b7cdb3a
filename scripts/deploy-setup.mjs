#!/usr/bin/env node
// Creates the Cloudflare resources one environment of wrangler.toml binds
// (D1 database, KV namespace, webhook queue and its dead-letter queue), writes
// their ids into that environment's section, applies the D1 migrations
// remotely, and lists the secrets still to put.
//
//   npm run deploy:setup -- --env production            do it
//   npm run deploy:setup -- --env production --dry-run  print the plan; calls nothing
//
// Idempotent: it lists what exists first and reuses it by name, so a second
// run creates nothing, leaves wrangler.toml as it is and applies no migration.
// `wrangler` is whatever is first on PATH (`npm run` puts node_modules/.bin there).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Secrets the worker reads (src/env.ts); production and staging answer 503 without the required ones. */
export const SECRETS = [
  {
    name: "JWT_PRIVATE_KEY",
    required: true,
    meaning: "ES256 private JWK with a kid that does not start with dev- (signs access tokens)",
  },
  {
    name: "DATA_ENCRYPTION_KEY",
    required: true,
    meaning: "base64 of 32 random bytes: the AES-256-GCM key sealing webhook secrets and stored replies",
  },
  {
    name: "JWT_PREVIOUS_PUBLIC_KEYS",
    required: false,
    meaning: "JSON array of retired public JWKs, only while rotating the signing key",
  },
  {
    name: "STRIPE_SECRET_KEY",
    required: "stripe",
    meaning: "Stripe secret key sk_live_… (or a restricted rk_…): charges through Stripe's API",
  },
  {
    name: "STRIPE_WEBHOOK_SECRET",
    required: "stripe",
    meaning:
      "signing secret whsec_… of the Stripe webhook endpoint /v1/billing/stripe/webhook (comma-separated while rolling)",
  },
];

/** A secret is required always (true), never (false), or when the environment's PAYMENT_GATEWAY is that gateway. */
const isRequired = (secret, plan) =>
  typeof secret.required === "string" ? plan.paymentGateway === secret.required : secret.required;

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

/**
 * The TOML tables of one environment, as line ranges: just enough of TOML to
 * read the names and rewrite two ids in place, keeping the file's comments.
 */
function tablesOf(lines, env) {
  const tables = [];
  for (const [i, line] of lines.entries()) {
    const m = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
    if (m) tables.push({ name: m[1], start: i, end: lines.length });
  }
  for (let t = 0; t < tables.length - 1; t++) tables[t].end = tables[t + 1].start;
  const prefix = `env.${env}.`;
  return tables.filter((t) => t.name === `env.${env}` || t.name.startsWith(prefix));
}

function valueIn(lines, table, key) {
  for (let i = table.start + 1; i < table.end; i++) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`).exec(lines[i]);
    if (m) return { value: m[1], line: i };
  }
  return undefined;
}

/** What the environment needs: names from wrangler.toml, current ids and where they are written. */
export function readPlan(toml, env) {
  const lines = toml.split("\n");
  const tables = tablesOf(lines, env);
  const section = tables.find((t) => t.name === `env.${env}`);
  if (!section) throw new Error(`wrangler.toml has no [env.${env}] section`);
  const one = (suffix) => tables.find((t) => t.name === `env.${env}.${suffix}`);
  const worker = valueIn(lines, section, "name")?.value;
  if (!worker) throw new Error(`[env.${env}] has no name`);
  const d1Table = one("d1_databases");
  const kvTable = one("kv_namespaces");
  if (!d1Table || !kvTable) throw new Error(`[env.${env}] needs a d1_databases and a kv_namespaces table`);
  const queues = new Set();
  for (const t of tables.filter((t) => t.name.startsWith(`env.${env}.queues.`))) {
    for (const key of ["queue", "dead_letter_queue"]) {
      const v = valueIn(lines, t, key);
      if (v) queues.add(v.value);
    }
  }
  return {
    env,
    worker,
    d1: {
      binding: valueIn(lines, d1Table, "binding")?.value ?? "DB",
      name: valueIn(lines, d1Table, "database_name").value,
      id: valueIn(lines, d1Table, "database_id"),
      migrationsDir: valueIn(lines, d1Table, "migrations_dir")?.value ?? "migrations",
    },
    kv: { title: `${worker}-kv`, id: valueIn(lines, kvTable, "id") },
    queues: [...queues],
    paymentGateway: valueIn(lines, one("vars") ?? section, "PAYMENT_GATEWAY")?.value,
  };
}

/** wrangler.toml with the environment's D1 and KV ids set (unchanged text when they already are). */
export function withIds(toml, plan, ids) {
  const lines = toml.split("\n");
  const set = (at, value) => {
    lines[at.line] = lines[at.line].replace(/"[^"]*"/, `"${value}"`);
  };
  set(plan.d1.id, ids.d1);
  set(plan.kv.id, ids.kv);
  return lines.join("\n");
}

/** Run from the config's folder, so relative paths in it (migrations_dir) resolve as wrangler expects. */
let wranglerCwd = process.cwd();

function wrangler(args, { allowFailure = false } = {}) {
  const r = spawnSync("wrangler", args, { encoding: "utf8", env: process.env, cwd: wranglerCwd });
  if (r.error) throw new Error(`cannot run wrangler: ${r.error.message}`);
  if (r.status !== 0 && !allowFailure)
    throw new Error(`wrangler ${args.join(" ")} failed (${r.status}):\n${r.stderr || r.stdout}`);
  return r;
}

/** wrangler prints banners around JSON; take the outermost array. */
function jsonArray(text) {
  const start = text.indexOf("[");
  const end = text.lastIndexOf("]");
  if (start < 0 || end < start) throw new Error(`expected a JSON list from wrangler, got:\n${text}`);
  return JSON.parse(text.slice(start, end + 1));
}

const d1Databases = () => jsonArray(wrangler(["d1", "list", "--json"]).stdout);
const kvNamespaces = () => jsonArray(wrangler(["kv", "namespace", "list"]).stdout);
/** `queues list` prints a table: a queue exists when its name is a cell of it. */
const queueNames = () => new Set(wrangler(["queues", "list"]).stdout.match(/[A-Za-z0-9_-]+/g) ?? []);

function ensureD1(name, log) {
  let db = d1Databases().find((d) => d.name === name);
  if (db) log(`D1 database ${name}: exists (${db.uuid})`);
  else {
    wrangler(["d1", "create", name]);
    db = d1Databases().find((d) => d.name === name);
    if (!db) throw new Error(`D1 database ${name} was created but is not listed`);
    log(`D1 database ${name}: created (${db.uuid})`);
  }
  return db.uuid;
}

function ensureKv(title, log) {
  let ns = kvNamespaces().find((n) => n.title === title);
  if (ns) log(`KV namespace ${title}: exists (${ns.id})`);
  else {
    wrangler(["kv", "namespace", "create", title]);
    ns = kvNamespaces().find((n) => n.title === title);
    if (!ns) throw new Error(`KV namespace ${title} was created but is not listed`);
    log(`KV namespace ${title}: created (${ns.id})`);
  }
  return ns.id;
}

function ensureQueues(names, log) {
  const existing = queueNames();
  for (const name of names) {
    if (existing.has(name)) log(`queue ${name}: exists`);
    else {
      wrangler(["queues", "create", name]);
      log(`queue ${name}: created`);
    }
  }
}

function applyMigrations(plan, log) {
  const target = [plan.d1.binding, "--env", plan.env, "--remote", "--config", plan.configPath];
  const pending = wrangler(["d1", "migrations", "list", ...target]);
  if (/no migrations to apply/i.test(pending.stdout + pending.stderr)) {
    log("D1 migrations: none to apply");
    return;
  }
  wrangler(["d1", "migrations", "apply", ...target]);
  log("D1 migrations: applied");
}

function secretsReport(plan, { dryRun }) {
  let present = new Set();
  if (!dryRun) {
    const r = wrangler(["secret", "list", "--env", plan.env, "--format", "json", "--config", plan.configPath], {
      allowFailure: true,
    });
    // Before the first deploy the worker does not exist and has no secrets.
    if (r.status === 0) present = new Set(jsonArray(r.stdout).map((s) => s.name));
  }
  const out = ["", `Secrets of ${plan.worker} (set each with: npx wrangler secret put NAME --env ${plan.env}):`];
  for (const s of SECRETS) {
    const required = isRequired(s, plan);
    const state = dryRun ? "" : present.has(s.name) ? "set       " : required ? "MISSING   " : "not set   ";
    out.push(`  ${state}${s.name}${required ? "" : " (optional)"}: ${s.meaning}`);
    if (!dryRun && !present.has(s.name) && required)
      out.push(`            npx wrangler secret put ${s.name} --env ${plan.env}`);
  }
  return out.join("\n");
}

export function dryRunReport(plan, migrations) {
  const isPlaceholder = (id) => /^0+\d?$/.test(id.replace(/-/g, ""));
  const idNote = (id) => (isPlaceholder(id) ? `placeholder ${id}` : id);
  return [
    `Plan for [env.${plan.env}] (worker ${plan.worker}); dry run: nothing is called.`,
    `  D1 database ${plan.d1.name}: reuse if listed, else create; write its id into database_id (now ${idNote(plan.d1.id.value)})`,
    `  KV namespace ${plan.kv.title}: reuse if listed, else create; write its id into kv_namespaces.id (now ${idNote(plan.kv.id.value)})`,
    ...plan.queues.map((q) => `  queue ${q}: reuse if listed, else create`),
    `  D1 migrations: apply the pending ones of ${migrations.length} in ${plan.d1.migrationsDir}/ (${migrations.at(-1) ?? "none"} is the newest) with --remote`,
    secretsReport(plan, { dryRun: true }),
  ].join("\n");
}

export function main(argv, { cwd = process.cwd(), log = console.log } = {}) {
  const args = parseArgs(argv);
  const configPath = path.resolve(cwd, args.config);
  const toml = readFileSync(configPath, "utf8");
  const plan = { ...readPlan(toml, args.env), configPath };
  wranglerCwd = path.dirname(configPath);
  const migrations = readdirSync(path.resolve(path.dirname(configPath), plan.d1.migrationsDir))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  if (args.dryRun) {
    log(dryRunReport(plan, migrations));
    return;
  }
  const ids = { d1: ensureD1(plan.d1.name, log), kv: ensureKv(plan.kv.title, log) };
  ensureQueues(plan.queues, log);
  const updated = withIds(toml, plan, ids);
  if (updated === toml) log(`${args.config}: ids already in [env.${plan.env}]`);
  else {
    writeFileSync(configPath, updated);
    log(`${args.config}: wrote the D1 and KV ids into [env.${plan.env}]`);
  }
  applyMigrations(plan, log);
  log(secretsReport(plan, { dryRun: false }));
  log(`\nThen: npm run console:build && npx wrangler deploy --env ${plan.env}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(`deploy-setup: ${err.message}`);
    process.exit(1);
  }
}
