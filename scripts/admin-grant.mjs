#!/usr/bin/env node
// Names a service administrator (or, with --revoke, stops one being one): sets users.role and
// records the change in admin_audit, through `wrangler d1 execute` on the DB binding. This and an
// existing administrator are the only ways to the role; a sign-on never grants it (docs/security.md).
//
//   npm run admin:grant -- --email ada@example.com [--revoke] [--local | --remote] [--env production]
//                          [--persist-to .wrangler/state] [--config wrangler.toml]
//
// --local (the default) changes the development database under .wrangler/state; --remote the
// deployed one of --env. The audit row is written first and only when the role changes, so a
// change is never unrecorded and a repeated grant records nothing.
import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";

function parseArgs(argv) {
  const args = {
    email: undefined,
    revoke: false,
    remote: false,
    env: undefined,
    persistTo: undefined,
    config: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--email") args.email = argv[++i];
    else if (a === "--revoke") args.revoke = true;
    else if (a === "--remote") args.remote = true;
    else if (a === "--local") args.remote = false;
    else if (a === "--env") args.env = argv[++i];
    else if (a === "--persist-to") args.persistTo = argv[++i];
    else if (a === "--config") args.config = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** Emails are stored lower-cased; the SQL is built from a literal, so only plain addresses are accepted. */
function emailLiteral(email) {
  const e = String(email ?? "")
    .trim()
    .toLowerCase();
  if (!/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,63}$/.test(e) || e.length > 254) {
    throw new Error(`--email must be a plain email address, got ${JSON.stringify(email ?? null)}`);
  }
  return `'${e}'`;
}

export function statements({ email, revoke, now = Date.now() }) {
  const e = emailLiteral(email);
  const role = revoke ? "user" : "admin";
  const action = revoke ? "revoked" : "granted";
  const id = `'aud_${now}${String(randomInt(1_000_000)).padStart(6, "0")}'`;
  const at = `'${new Date(now).toISOString()}'`;
  return [
    `INSERT INTO admin_audit (id, user_id, email, action, actor, created_at) SELECT ${id}, id, email, '${action}', 'cli', ${at} FROM users WHERE email = ${e} AND role <> '${role}';`,
    `UPDATE users SET role = '${role}' WHERE email = ${e};`,
    `SELECT id, email, role FROM users WHERE email = ${e};`,
  ].join(" ");
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const command = statements(args);
  const wranglerArgs = ["d1", "execute", "DB", args.remote ? "--remote" : "--local", "--json", "--command", command];
  if (args.env) wranglerArgs.push("--env", args.env);
  if (args.persistTo) wranglerArgs.push("--persist-to", args.persistTo);
  if (args.config) wranglerArgs.push("--config", args.config);
  const r = spawnSync("wrangler", wranglerArgs, { encoding: "utf8", env: process.env });
  if (r.error) throw new Error(`cannot run wrangler: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed (${r.status}):\n${r.stderr || r.stdout}`);
  const start = r.stdout.indexOf("[");
  const results = JSON.parse(r.stdout.slice(start));
  const user = results.at(-1)?.results?.[0];
  if (!user) throw new Error(`no user with the email ${args.email}: register first`);
  console.log(`${user.email} (${user.id}) is ${user.role === "admin" ? "an administrator" : "not an administrator"}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  }
}
