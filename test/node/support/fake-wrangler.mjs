#!/usr/bin/env node
// A stand-in for the `wrangler` CLI that scripts/deploy-setup.mjs drives:
// it keeps the "account" (databases, namespaces, R2 buckets, queues, applied migrations,
// secrets) in a JSON file and records every call, so a test can check what
// the script asked for. Output shapes follow wrangler 4's.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.FAKE_WRANGLER_STATE;
const state = JSON.parse(readFileSync(file, "utf8"));
const args = process.argv.slice(2);
state.calls.push(args);
const counter = state.calls.length;
const hex = (n, len) => n.toString(16).padStart(len, "0");
const out = (text) => process.stdout.write(`${text}\n`);
const cmd = args
  .filter((a) => !a.startsWith("--"))
  .slice(0, 3)
  .join(" ");

if (args[0] === "d1" && args[1] === "list") out(`banner\n${JSON.stringify(state.d1)}`);
else if (args[0] === "d1" && args[1] === "create") {
  state.d1.push({ uuid: `${hex(counter, 8)}-aaaa-bbbb-cccc-${hex(counter, 12)}`, name: args[2] });
  out("✅ Successfully created DB");
} else if (cmd === "kv namespace list") out(JSON.stringify(state.kv));
else if (cmd.startsWith("kv namespace create")) {
  state.kv.push({ id: hex(counter, 32), title: args[3] });
  out("🌀 Creating namespace");
} else if (cmd === "r2 bucket list")
  // wrangler 4 prints one block of `key:  value` lines per bucket.
  out(
    [
      "Listing buckets...",
      ...(state.r2 ?? []).map((b) => `name:           ${b}\ncreation_date:  2026-01-01T00:00:00.000Z\n`),
    ].join("\n"),
  );
else if (cmd.startsWith("r2 bucket create")) {
  state.r2 = [...(state.r2 ?? []), args[3]];
  out(`✅ Created bucket '${args[3]}' with default storage class of Standard.`);
} else if (args[0] === "queues" && args[1] === "list")
  out(
    [
      "┌──────┬──────┐",
      "│ id │ name │",
      ...state.queues.map((q) => `│ ${hex(q.length, 32)} │ ${q} │`),
      "└──────┴──────┘",
    ].join("\n"),
  );
else if (args[0] === "queues" && args[1] === "create") {
  state.queues.push(args[2]);
  out(`Created queue ${args[2]}.`);
} else if (cmd.startsWith("d1 migrations list")) {
  // Each database keeps its own applied migrations: pending until applied to that binding.
  const pending = state.pendingMigrations && !(state.migrated ?? []).includes(args[3]);
  out(pending ? "Migrations to be applied:\n│ 0000_init.sql │" : "✅ No migrations to apply!");
} else if (cmd.startsWith("d1 migrations apply")) {
  state.migrated = [...(state.migrated ?? []), args[3]];
  out("✅ Applied");
} else if (args[0] === "secret" && args[1] === "list") out(JSON.stringify(state.secrets));
else if (args[0] === "secret" && args[1] === "bulk") {
  // The values arrive on stdin, as JSON; the fake keeps them so a test can check what was put.
  const values = JSON.parse(readFileSync(0, "utf8"));
  state.secretValues = { ...(state.secretValues ?? {}), ...values };
  for (const name of Object.keys(values))
    if (!state.secrets.some((s) => s.name === name)) state.secrets.push({ name, type: "secret_text" });
  out(`✨ ${Object.keys(values).length} secrets successfully uploaded`);
} else if (args[0] === "deployments" && args[1] === "status") {
  if (!state.deployed) {
    process.stderr.write("✘ [ERROR] This Worker does not exist on your account. [code: 10007]\n");
    process.exitCode = 1;
  } else out(JSON.stringify({ id: "dep", versions: [{ version_id: state.deployed, percentage: 100 }] }));
} else if (args[0] === "deploy") {
  const version = `${hex(counter, 8)}-0000-4000-8000-${hex(counter, 12)}`;
  state.deployed = version;
  state.deploys = [
    ...(state.deploys ?? []),
    { version, config: readFileSync(args[args.indexOf("--config") + 1], "utf8") },
  ];
  out(
    [
      "Uploaded session-analysis (3.1 sec)",
      "Deployed session-analysis triggers (1.0 sec)",
      ...(state.workersDevSubdomain
        ? [
            `  https://${args.includes("staging") ? "session-analysis-staging" : "session-analysis-production"}.${state.workersDevSubdomain}.workers.dev`,
          ]
        : []),
      "  schedule: * * * * *",
      `Current Version ID: ${version}`,
    ].join("\n"),
  );
} else {
  process.stderr.write(`fake wrangler: unexpected ${args.join(" ")}\n`);
  process.exitCode = 2;
}
writeFileSync(file, JSON.stringify(state));
