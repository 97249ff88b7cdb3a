#!/usr/bin/env node
// The Worker's own secrets: generated here and handed to `wrangler secret bulk` on its stdin, so they
// are never an argument, a file or a line of output (only names and the public kid are printed).
//
//   npm run deploy:secrets -- init --env production
//       JWT_PRIVATE_KEY (ES256 private JWK, kid "<env>-<date>-<random>") and DATA_ENCRYPTION_KEY
//       (32 random bytes, base64), each only if not set yet: replacing the data key would make every
//       sealed webhook secret unreadable, so it is never replaced here.
//   npm run deploy:secrets -- rotate-signing-key --env production
//       a new signing key; the current public key (read from the deployment's JWKS) moves to
//       JWT_PREVIOUS_PUBLIC_KEYS, so tokens it signed verify until they expire. Both in one upload:
//       one new version of the Worker, never one with the new key and without the old.
//   npm run deploy:secrets -- prune-previous-keys --env production
//       empties JWT_PREVIOUS_PUBLIC_KEYS, once the retired key's tokens have all expired
//       (RETIRED_KEY_KEPT_HOURS after the rotation).
// Each takes --dry-run (says what it would put; calls nothing) and --config.
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { jsonArray, readPlan, useConfigFolder, wrangler } from "./deploy-setup.mjs";

/**
 * How long a retired public key stays in the JWKS: the longest-lived token it signs is a sign-in access
 * token (LOGIN_TOKEN_TTL, 24 h, src/domain/identity/access-tokens.ts), plus an hour for clock skew and
 * caches of the JWKS (its Cache-Control) at relying parties.
 */
export const RETIRED_KEY_KEPT_HOURS = 25;

const COMMANDS = ["init", "rotate-signing-key", "prune-previous-keys"];

export function parseArgs(argv) {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command)) throw new Error(`the first argument is one of: ${COMMANDS.join(", ")}`);
  const args = { command, env: undefined, dryRun: false, config: "wrangler.toml", jwksUrl: undefined };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--dry-run") args.dryRun = true;
    else if (a === "--env") args.env = rest[++i];
    else if (a === "--config") args.config = rest[++i];
    else if (a === "--jwks-url") args.jwksUrl = rest[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.env) throw new Error("--env <name> is required");
  return args;
}

/** A kid that says which environment and day a key is from, never `dev-` (refused outside development). */
export function newKid(env, now = new Date()) {
  const day = now.toISOString().slice(0, 10).replaceAll("-", "");
  const random = Buffer.from(webcrypto.getRandomValues(new Uint8Array(4))).toString("hex");
  return `${env}-${day}-${random}`;
}

/** An ES256 private JWK (RFC 7517/7518 §6.2) with its kid: the JWT_PRIVATE_KEY secret's value. */
export async function generateSigningKey(kid) {
  const { privateKey } = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]);
  const { kty, crv, x, y, d } = await webcrypto.subtle.exportKey("jwk", privateKey);
  return { kty, crv, x, y, d, kid };
}

export function generateDataKey() {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(32))).toString("base64");
}

function secretNames(plan) {
  const r = wrangler(["secret", "list", "--env", plan.env, "--format", "json", "--config", plan.configPath], {
    allowFailure: true,
  });
  // Before the first deploy the Worker does not exist and has no secrets.
  return r.status === 0 ? new Set(jsonArray(r.stdout).map((s) => s.name)) : new Set();
}

/** One `wrangler secret bulk`: the values on stdin, as JSON. */
function put(plan, values) {
  wrangler(["secret", "bulk", "--env", plan.env, "--config", plan.configPath], { input: JSON.stringify(values) });
}

const publicPart = ({ d: _d, ...jwk }) => jwk;

/** Puts whichever of the two required keys is missing (never replaces one); used by deploy.mjs too. */
export async function init(plan, args, log) {
  const present = args.dryRun ? new Set() : secretNames(plan);
  const values = {};
  if (present.has("JWT_PRIVATE_KEY")) log("JWT_PRIVATE_KEY: set already, kept (rotate with rotate-signing-key)");
  else {
    const key = await generateSigningKey(newKid(plan.env));
    values.JWT_PRIVATE_KEY = JSON.stringify(key);
    log(`JWT_PRIVATE_KEY: new ES256 key, kid ${key.kid}`);
  }
  if (present.has("DATA_ENCRYPTION_KEY"))
    log("DATA_ENCRYPTION_KEY: set already, kept (replacing it would make sealed data unreadable)");
  else {
    values.DATA_ENCRYPTION_KEY = generateDataKey();
    log("DATA_ENCRYPTION_KEY: new 32-byte key");
  }
  if (Object.keys(values).length === 0) return;
  if (args.dryRun) log(`dry run: would put ${Object.keys(values).join(", ")} on ${plan.worker}`);
  else {
    put(plan, values);
    log(`put ${Object.keys(values).join(", ")} on ${plan.worker} (one new version)`);
  }
}

/** The deployment's published keys (RFC 7517 §5): where the current public key is read back from. */
async function publishedKeys(url) {
  const res = await fetch(url, { headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const { keys } = await res.json();
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${url} lists no keys`);
  return keys;
}

async function rotate(plan, args, log, now) {
  const issuer = plan.address.vars.AUTH_ISSUER;
  const url = args.jwksUrl ?? (issuer ? `${issuer}/.well-known/jwks.json` : undefined);
  if (!url) throw new Error(`[env.${plan.env}] has no AUTH_ISSUER: pass --jwks-url`);
  const [current, ...older] = await publishedKeys(url);
  if (older.length > 0)
    throw new Error(
      `${url} still lists ${older.length} retired key(s) (${older.map((k) => k.kid).join(", ")}): ` +
        `prune-previous-keys first, ${RETIRED_KEY_KEPT_HOURS} h after the last rotation`,
    );
  const key = await generateSigningKey(newKid(plan.env, now));
  const values = {
    JWT_PRIVATE_KEY: JSON.stringify(key),
    JWT_PREVIOUS_PUBLIC_KEYS: JSON.stringify([publicPart(current)]),
  };
  const pruneAfter = new Date(now.getTime() + RETIRED_KEY_KEPT_HOURS * 3_600_000).toISOString();
  log(`signing key: ${current.kid} → ${key.kid}; ${current.kid} stays in the JWKS for verification`);
  if (args.dryRun) return log("dry run: would put JWT_PRIVATE_KEY and JWT_PREVIOUS_PUBLIC_KEYS (one new version)");
  put(plan, values);
  log(`put JWT_PRIVATE_KEY and JWT_PREVIOUS_PUBLIC_KEYS on ${plan.worker} (one new version)`);
  log(`prune no earlier than ${pruneAfter}: npm run deploy:secrets -- prune-previous-keys --env ${plan.env}`);
}

function prune(plan, args, log) {
  if (args.dryRun) return log("dry run: would put JWT_PREVIOUS_PUBLIC_KEYS = []");
  put(plan, { JWT_PREVIOUS_PUBLIC_KEYS: "[]" });
  log(`put JWT_PREVIOUS_PUBLIC_KEYS = [] on ${plan.worker}: only the current key verifies now`);
}

export async function main(argv, { cwd = process.cwd(), log = console.log, now = new Date() } = {}) {
  const args = parseArgs(argv);
  const configPath = path.resolve(cwd, args.config);
  const plan = { ...readPlan(readFileSync(configPath, "utf8"), args.env), configPath };
  useConfigFolder(configPath);
  if (args.command === "init") await init(plan, args, log);
  else if (args.command === "rotate-signing-key") await rotate(plan, args, log, now);
  else prune(plan, args, log);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`secrets: ${err.message}`);
    process.exit(1);
  });
}
