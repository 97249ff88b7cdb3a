#!/usr/bin/env node
// Creates the Cloudflare resources one environment of wrangler.toml binds
// (its D1 databases — the directory and shard 0 `DB` and every further shard
// `SHARD_n` — KV namespace, R2 bucket of archived sessions, webhook queue and its dead-letter queue), writes
// their ids into that environment's section, gives it an address, applies the
// D1 migrations remotely to every database, and lists the secrets still to put.
//
//   npm run deploy:setup -- --env production --hostname api.example.com   a custom domain (asked for at a terminal)
//   npm run deploy:setup -- --env staging --workers-dev --hostname NAME.SUBDOMAIN.workers.dev
//   npm run deploy:setup -- --env production --dry-run  print the plan; calls nothing
//   … --hostname other.example.com --change-address     move an addressed environment (sessions end)
//
// The address: --hostname writes a custom-domain route (or, with --workers-dev,
// serves on workers.dev) and derives from it AUTH_ISSUER, CONSOLE_ORIGIN,
// WEBAUTHN_RP_ID and MAIL_FROM (--mail-from overrides the last). Whatever the
// flags, a configuration whose issuer, route, console origin, WebAuthn RP id
// or mail sender disagree is refused (addressProblems).
//
// Idempotent: it lists what exists first and reuses it by name, so a second
// run creates nothing, leaves wrangler.toml as it is and applies no migration.
// `wrangler` is whatever is first on PATH (`npm run` puts node_modules/.bin there).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";

/** Secrets the worker reads (src/bindings.ts); production and staging answer 503 without the required ones. */
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
  const args = { env: undefined, dryRun: false, config: "wrangler.toml", hostname: undefined, workersDev: false };
  const value = (i, flag) => {
    const v = argv[i];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dry-run") args.dryRun = true;
    else if (a === "--workers-dev") args.workersDev = true;
    else if (a === "--change-address") args.changeAddress = true;
    else if (a === "--env") args.env = value(++i, a);
    else if (a.startsWith("--env=")) args.env = a.slice("--env=".length);
    else if (a === "--config") args.config = value(++i, a);
    else if (a === "--hostname") args.hostname = value(++i, a);
    else if (a.startsWith("--hostname=")) args.hostname = a.slice("--hostname=".length);
    else if (a === "--mail-from") args.mailFrom = value(++i, a);
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.env) throw new Error("--env <name> is required (an [env.<name>] section of wrangler.toml)");
  if (args.workersDev && !args.hostname)
    throw new Error(
      "--workers-dev needs --hostname <worker>.<your-subdomain>.workers.dev (the dashboard shows the subdomain)",
    );
  if (args.mailFrom && !args.hostname) throw new Error("--mail-from goes with --hostname");
  return args;
}

/** The variables derived from the address; other code reads them (src/bindings.ts, docs/operations.md). */
export const ADDRESS_VARS = ["AUTH_ISSUER", "CONSOLE_ORIGIN", "WEBAUTHN_RP_ID", "MAIL_FROM"];

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The address an environment is served at and what it implies: the issuer and console origin are the
 * https origin of the hostname (the console is the same Worker's static assets), the WebAuthn RP id is
 * the hostname (WebAuthn §5.1.4.1 allows a registrable suffix; the narrowest is the default), and mail
 * is sent from the hostname's own domain.
 */
export function addressFor({ hostname, workersDev = false, mailFrom }) {
  const host = String(hostname).toLowerCase();
  if (!HOSTNAME.test(host)) throw new Error(`--hostname ${hostname} is not a hostname (no scheme, port or path)`);
  const origin = `https://${host}`;
  return {
    workersDev,
    route: workersDev ? undefined : host,
    vars: {
      AUTH_ISSUER: origin,
      CONSOLE_ORIGIN: origin,
      WEBAUTHN_RP_ID: host,
      MAIL_FROM: mailFrom ?? `no-reply@${host}`,
    },
  };
}

/** `host` is `domain` or one of its subdomains. */
const within = (host, domain) => host === domain || host.endsWith(`.${domain}`);

/**
 * What is wrong with an environment's address (empty when nothing): the issuer must be the https origin
 * of the host the Worker is reached at (a custom-domain route, or workers.dev), and the console origin,
 * WebAuthn RP id and mail sender must agree with it. A token's `iss`, a passkey's RP id and a link in a
 * mail that name another host than the one serving them fail for every user, so deploying is refused.
 */
export function addressProblems(address) {
  const problems = [];
  const { vars } = address;
  const routes = address.routes ?? [];
  const customDomains = routes.filter((r) => r.customDomain);
  let host;
  if (customDomains.length > 1) problems.push("more than one custom-domain route: the issuer can name only one");
  if (customDomains.length === 1) host = customDomains[0].pattern;
  else if (routes.length > 0)
    problems.push("routes must be one custom domain ({ pattern = HOST, custom_domain = true })");
  else if (!address.workersDev) problems.push("no address: no custom-domain route and workers_dev = false");
  if (!vars.AUTH_ISSUER) {
    problems.push("AUTH_ISSUER is not set");
    return problems;
  }
  let issuer;
  try {
    issuer = new URL(vars.AUTH_ISSUER);
  } catch {
    problems.push(`AUTH_ISSUER ${vars.AUTH_ISSUER} is not a URL`);
    return problems;
  }
  if (issuer.protocol !== "https:" || issuer.origin !== vars.AUTH_ISSUER)
    problems.push(`AUTH_ISSUER ${vars.AUTH_ISSUER} must be an https origin (no path, port or trailing slash)`);
  if (host === undefined && address.workersDev) {
    if (!issuer.hostname.endsWith(".workers.dev"))
      problems.push(`AUTH_ISSUER ${vars.AUTH_ISSUER} is not a workers.dev address and no custom domain is routed`);
    else if (address.worker && !issuer.hostname.startsWith(`${address.worker}.`))
      problems.push(`AUTH_ISSUER ${vars.AUTH_ISSUER} is not the workers.dev address of ${address.worker}`);
  } else if (host !== undefined && issuer.hostname !== host)
    problems.push(`AUTH_ISSUER ${vars.AUTH_ISSUER} does not name the routed host ${host}`);
  const served = host ?? issuer.hostname;
  if (vars.CONSOLE_ORIGIN !== vars.AUTH_ISSUER)
    problems.push(
      `CONSOLE_ORIGIN ${vars.CONSOLE_ORIGIN ?? "(unset)"} is not ${vars.AUTH_ISSUER} (the console is this Worker's)`,
    );
  const rpId = vars.WEBAUTHN_RP_ID;
  if (!rpId?.includes(".") || !within(served, rpId))
    problems.push(`WEBAUTHN_RP_ID ${rpId ?? "(unset)"} is not ${served} or a parent domain of it (WebAuthn §5.1.4.1)`);
  const mailDomain = /@([^>\s]+)>?\s*$/.exec(vars.MAIL_FROM ?? "")?.[1]?.toLowerCase();
  if (!mailDomain) problems.push(`MAIL_FROM ${vars.MAIL_FROM ?? "(unset)"} is not an address`);
  else if (!served.endsWith(".workers.dev") && !within(served, mailDomain))
    problems.push(`MAIL_FROM's domain ${mailDomain} is not ${served} or a parent domain of it`);
  return problems;
}

/** RFC 2606 §2 names, which no deployment can be reached at. */
export const isReservedExample = (host) =>
  /(^|\.)(example|invalid|test|localhost)$|(^|\.)example\.(com|net|org)$/.test(host);

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

/** A key's unquoted value (a boolean, an inline array) and its line. */
function rawValueIn(lines, table, key) {
  for (let i = table.start + 1; i < table.end; i++) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*(.*?)\\s*(#.*)?$`).exec(lines[i]);
    if (m) return { value: m[1], line: i };
  }
  return undefined;
}

/** `routes = [ { pattern = "h", custom_domain = true }, … ]` on one line, as written by withAddress. */
function parseRoutes(text) {
  if (!text) return [];
  return [...text.matchAll(/\{([^}]*)\}/g)].map(([, body]) => ({
    pattern: /pattern\s*=\s*"([^"]*)"/.exec(body)?.[1] ?? "",
    customDomain: /custom_domain\s*=\s*true/.test(body),
  }));
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
  const d1Tables = tables.filter((t) => t.name === `env.${env}.d1_databases`);
  const kvTable = one("kv_namespaces");
  if (!d1Tables.length || !kvTable) throw new Error(`[env.${env}] needs a d1_databases and a kv_namespaces table`);
  const databases = d1Tables.map((t) => ({
    binding: valueIn(lines, t, "binding")?.value ?? "DB",
    name: valueIn(lines, t, "database_name").value,
    // Absent in a fresh checkout: this script (or wrangler's provisioning) fills it in.
    id: valueIn(lines, t, "database_id"),
    migrationsDir: valueIn(lines, t, "migrations_dir")?.value ?? "migrations",
  }));
  const d1 = databases.find((d) => d.binding === "DB");
  if (!d1) throw new Error(`[env.${env}] binds no D1 database DB (the directory and shard 0)`);
  // Shards are numbered without gaps (src/context/shards.ts refuses a gap at startup; so does this).
  const shards = databases.filter((d) => /^SHARD_\d+$/.test(d.binding));
  for (const [i, shard] of shards.entries())
    if (!shards.some((d) => d.binding === `SHARD_${i + 1}`))
      throw new Error(`[env.${env}] binds ${shard.binding} but not SHARD_${i + 1} (shards are numbered without gaps)`);
  const buckets = tables
    .filter((t) => t.name === `env.${env}.r2_buckets`)
    .map((t) => valueIn(lines, t, "bucket_name")?.value)
    .filter(Boolean);
  const queues = new Set();
  for (const t of tables.filter((t) => t.name.startsWith(`env.${env}.queues.`))) {
    for (const key of ["queue", "dead_letter_queue"]) {
      const v = valueIn(lines, t, key);
      if (v) queues.add(v.value);
    }
  }
  const varsTable = one("vars");
  const vars = {};
  if (varsTable)
    for (const key of ADDRESS_VARS) {
      const v = valueIn(lines, varsTable, key);
      if (v) vars[key] = v.value;
    }
  return {
    env,
    worker,
    d1,
    /** DB first, then SHARD_1, SHARD_2 … in order. */
    databases: [d1, ...shards.sort((a, b) => Number(a.binding.slice(6)) - Number(b.binding.slice(6)))],
    kv: { title: `${worker}-kv`, id: valueIn(lines, kvTable, "id") },
    /** R2 buckets by name (no id: a binding names its bucket). */
    buckets,
    queues: [...queues],
    paymentGateway: valueIn(lines, varsTable ?? section, "PAYMENT_GATEWAY")?.value,
    address: {
      worker,
      workersDev: rawValueIn(lines, section, "workers_dev")?.value === "true",
      routes: parseRoutes(rawValueIn(lines, section, "routes")?.value),
      vars,
    },
  };
}

/** Sets `key = value` in a table: replaces its line, or adds one after the table's last key. */
function setKey(lines, table, key, rendered) {
  const at = rawValueIn(lines, table, key);
  if (at) {
    lines[at.line] = `${key} = ${rendered}`;
    return;
  }
  let last = table.start;
  for (let i = table.start + 1; i < table.end; i++) if (/^\s*[A-Za-z_]+\s*=/.test(lines[i])) last = i;
  lines.splice(last + 1, 0, `${key} = ${rendered}`);
}

/**
 * wrangler.toml with the environment's D1 and KV ids set (unchanged text when they already are);
 * `ids.d1` maps each D1 binding to its database's id.
 */
export function withIds(toml, plan, ids) {
  const lines = toml.split("\n");
  // One table at a time, re-read after each edit: an added line moves the ones below it.
  const table = (suffix) => tablesOf(lines, plan.env).find((t) => t.name === `env.${plan.env}.${suffix}`);
  const d1Table = (binding) =>
    tablesOf(lines, plan.env).find(
      (t) => t.name === `env.${plan.env}.d1_databases` && (valueIn(lines, t, "binding")?.value ?? "DB") === binding,
    );
  for (const [binding, id] of Object.entries(ids.d1)) setKey(lines, d1Table(binding), "database_id", `"${id}"`);
  setKey(lines, table("kv_namespaces"), "id", `"${ids.kv}"`);
  return lines.join("\n");
}

/** Every D1 database of the plan, found by name or created: binding → id. */
export function ensureDatabases(plan, log) {
  return Object.fromEntries(plan.databases.map((d) => [d.binding, ensureD1(d.name, log)]));
}

/** wrangler.toml with the environment served at `address` (addressFor): route or workers.dev, and the derived vars. */
export function withAddress(toml, env, address) {
  const lines = toml.split("\n");
  const tables = () => tablesOf(lines, env);
  const section = () => tables().find((t) => t.name === `env.${env}`);
  setKey(lines, section(), "workers_dev", String(address.workersDev));
  if (address.route) setKey(lines, section(), "routes", `[{ pattern = "${address.route}", custom_domain = true }]`);
  else {
    const at = rawValueIn(lines, section(), "routes");
    if (at) lines.splice(at.line, 1);
  }
  let vars = tables().find((t) => t.name === `env.${env}.vars`);
  if (!vars) throw new Error(`wrangler.toml has no [env.${env}.vars] table`);
  for (const key of ADDRESS_VARS) {
    setKey(lines, vars, key, JSON.stringify(address.vars[key]));
    vars = tables().find((t) => t.name === `env.${env}.vars`);
  }
  return lines.join("\n");
}

/** Run from the config's folder, so relative paths in it (migrations_dir) resolve as wrangler expects. */
let wranglerCwd = process.cwd();

/** `input` goes to wrangler's stdin (secrets: never an argument, a file or a line of output). */
function wrangler(args, { allowFailure = false, input } = {}) {
  const r = spawnSync("wrangler", args, { encoding: "utf8", env: process.env, cwd: wranglerCwd, input });
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
/** `r2 bucket list` prints a `name: …` line per bucket. */
const r2Buckets = () =>
  new Set([...wrangler(["r2", "bucket", "list"]).stdout.matchAll(/^name:\s+(\S+)/gm)].map((m) => m[1]));
/** `queues list` prints a table: a queue exists when its name is a cell of it. */
const queueNames = () => new Set(wrangler(["queues", "list"]).stdout.match(/[A-Za-z0-9_-]+/g) ?? []);

/** Runs wrangler from the config's folder (relative paths in it, like migrations_dir, resolve there). */
export function useConfigFolder(configPath) {
  wranglerCwd = path.dirname(configPath);
}

export { applyMigrations, ensureKv, ensureQueues, jsonArray, wrangler };

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

function ensureBuckets(names, log) {
  if (names.length === 0) return;
  const existing = r2Buckets();
  for (const name of names) {
    if (existing.has(name)) log(`R2 bucket ${name}: exists`);
    else {
      wrangler(["r2", "bucket", "create", name]);
      log(`R2 bucket ${name}: created`);
    }
  }
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

/** The pending migrations, on every database: the directory and each shard have the one schema. */
function applyMigrations(plan, log) {
  for (const { binding } of plan.databases) {
    const target = [binding, "--env", plan.env, "--remote", "--config", plan.configPath];
    const pending = wrangler(["d1", "migrations", "list", ...target]);
    if (/no migrations to apply/i.test(pending.stdout + pending.stderr)) {
      log(`D1 migrations (${binding}): none to apply`);
      continue;
    }
    wrangler(["d1", "migrations", "apply", ...target]);
    log(`D1 migrations (${binding}): applied`);
  }
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

export function dryRunReport(plan, migrations, address) {
  const idNote = (id) => (id ? `now ${id.value}` : "not set yet");
  return [
    `Plan for [env.${plan.env}] (worker ${plan.worker}); dry run: nothing is called.`,
    ...plan.databases.map(
      (d) =>
        `  D1 database ${d.name} (${d.binding}): reuse if listed, else create; write its id into database_id (${idNote(d.id)})`,
    ),
    `  KV namespace ${plan.kv.title}: reuse if listed, else create; write its id into kv_namespaces.id (${idNote(plan.kv.id)})`,
    ...plan.buckets.map((b) => `  R2 bucket ${b}: reuse if listed, else create`),
    ...plan.queues.map((q) => `  queue ${q}: reuse if listed, else create`),
    addressReport(address),
    `  D1 migrations: apply the pending ones of ${migrations.length} in ${plan.d1.migrationsDir}/ (${migrations.at(-1) ?? "none"} is the newest) with --remote, to each of ${plan.databases.map((d) => d.binding).join(", ")}`,
    secretsReport(plan, { dryRun: true }),
  ].join("\n");
}

function addressReport(address) {
  const where = address.routes.find((r) => r.customDomain)?.pattern;
  const served = where ? `custom domain ${where}` : address.workersDev ? "workers.dev" : "nowhere";
  if (!address.vars.AUTH_ISSUER && !where) return `  address: none yet (${served}); pass --hostname`;
  return [`  address: ${served}`, ...ADDRESS_VARS.map((k) => `    ${k} = ${address.vars[k] ?? "(unset)"}`)].join("\n");
}

/**
 * The environment's address after this run: the one --hostname derives, or the one in wrangler.toml.
 * Throws when they disagree among themselves, or (unless dry) when it is a reserved example name.
 */
export function resolveAddress(plan, args) {
  const address = args.hostname ? { ...addressFor(args), worker: plan.worker, routes: [] } : { ...plan.address };
  if (args.hostname && address.route) address.routes = [{ pattern: address.route, customDomain: true }];
  // An RP id or sender chosen before (a parent domain, a display name) is kept while it suits the new
  // host: passkeys are bound to the RP id, and changing it for nothing would strand them.
  if (args.hostname)
    for (const key of ["WEBAUTHN_RP_ID", "MAIL_FROM"]) {
      const kept = plan.address.vars[key];
      if (!kept || (key === "MAIL_FROM" && args.mailFrom)) continue;
      if (addressProblems({ ...address, vars: { ...address.vars, [key]: kept } }).length === 0)
        address.vars[key] = kept;
    }
  const unaddressed = !args.hostname && !plan.address.vars.AUTH_ISSUER && plan.address.routes.length === 0;
  // A fresh checkout has no address yet; the dry run says so, a real run needs one.
  if (unaddressed && args.dryRun) return address;
  const before = plan.address.vars.AUTH_ISSUER;
  if (args.hostname && before && before !== address.vars.AUTH_ISSUER && !args.changeAddress)
    throw new Error(
      `[env.${plan.env}] is served at ${before}; moving it to ${address.vars.AUTH_ISSUER} ends every signed-in ` +
        "session (tokens name the old issuer), makes OAuth clients re-discover the issuer, and strands every passkey " +
        "if the WebAuthn RP id changes. Pass --change-address to do it anyway.",
    );
  const problems = addressProblems(address);
  if (problems.length > 0)
    throw new Error(
      `[env.${plan.env}]'s address is inconsistent (pass --hostname to derive it):\n  - ${problems.join("\n  - ")}`,
    );
  const host = new URL(address.vars.AUTH_ISSUER).hostname;
  if (!args.dryRun && isReservedExample(host))
    throw new Error(`${host} is a reserved example name (RFC 2606): pass --hostname with the real one`);
  return address;
}

export function main(argv, { cwd = process.cwd(), log = console.log } = {}) {
  const args = parseArgs(argv);
  const configPath = path.resolve(cwd, args.config);
  const toml = readFileSync(configPath, "utf8");
  const plan = { ...readPlan(toml, args.env), configPath };
  useConfigFolder(configPath);
  const migrations = readdirSync(path.resolve(path.dirname(configPath), plan.d1.migrationsDir))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const address = resolveAddress(plan, args);
  if (args.dryRun) {
    log(dryRunReport(plan, migrations, address));
    return;
  }
  const ids = { d1: ensureDatabases(plan, log), kv: ensureKv(plan.kv.title, log) };
  ensureBuckets(plan.buckets, log);
  ensureQueues(plan.queues, log);
  let updated = withIds(toml, plan, ids);
  if (args.hostname) updated = withAddress(updated, args.env, address);
  if (updated === toml) log(`${args.config}: ids and address already in [env.${plan.env}]`);
  else {
    writeFileSync(configPath, updated);
    log(`${args.config}: wrote the D1 and KV ids and the address into [env.${plan.env}]`);
  }
  log(addressReport(address));
  applyMigrations(plan, log);
  log(secretsReport(plan, { dryRun: false }));
  log(`\nSecrets: npm run deploy:secrets -- init --env ${plan.env}`);
  log(`Then: npm run deploy -- --env ${plan.env}`);
}

/**
 * At a terminal, an environment with no address yet is asked for its hostname (the flag's answer);
 * elsewhere (CI, pipes) the run stops and says to pass --hostname.
 */
async function askForHostname(argv) {
  const args = parseArgs(argv);
  if (args.hostname || args.dryRun || !process.stdin.isTTY) return argv;
  const plan = readPlan(readFileSync(path.resolve(args.config), "utf8"), args.env);
  if (plan.address.vars.AUTH_ISSUER || plan.address.routes.length > 0) return argv;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (
      await rl.question(
        `[env.${args.env}] has no address yet. Hostname to serve it at (a custom domain on this account, or ${plan.worker}.<subdomain>.workers.dev): `,
      )
    ).trim();
    if (!answer) return argv;
    return [...argv, "--hostname", answer, ...(answer.endsWith(".workers.dev") ? ["--workers-dev"] : [])];
  } finally {
    rl.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  askForHostname(process.argv.slice(2))
    .then((argv) => main(argv))
    .catch((err) => {
      console.error(`deploy-setup: ${err.message}`);
      process.exit(1);
    });
}
