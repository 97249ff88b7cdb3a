#!/usr/bin/env node
// A stand-in for the `wrangler` CLI that scripts/deploy-setup.mjs drives:
// it keeps the "account" (databases, namespaces, queues, applied migrations,
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
  out(state.pendingMigrations ? "Migrations to be applied:\n│ 0000_init.sql │" : "✅ No migrations to apply!");
} else if (cmd.startsWith("d1 migrations apply")) {
  state.pendingMigrations = false;
  out("✅ Applied");
} else if (args[0] === "secret" && args[1] === "list") out(JSON.stringify(state.secrets));
else {
  process.stderr.write(`fake wrangler: unexpected ${args.join(" ")}\n`);
  process.exitCode = 2;
}
writeFileSync(file, JSON.stringify(state));
