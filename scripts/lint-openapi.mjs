#!/usr/bin/env node
// Lint the SERVED OpenAPI document with Redocly (redocly.yaml: recommended) and Spectral
// (.spectral.yaml: spectral:oas + the OWASP API Security ruleset). Errors fail; each rule
// changed from the rulesets' defaults is recorded, with the reason, in those files.
// Run: `npm run lint:openapi` (after `npm run console:build`).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { servedDocument } from "./openapi.mjs";

mkdirSync(".tmp", { recursive: true });
const file = ".tmp/openapi.json";
// The document names the origin it was fetched from: here the loopback `wrangler dev`, which
// speaks http. Lint it as production serves it, from an https origin.
const served = JSON.stringify(await servedDocument(), null, 2).replace(
  /http:\/\/127\.0\.0\.1:\d+/g,
  "https://api.session-analysis.test",
);
writeFileSync(file, `${served}\n`);
console.log(`lint-openapi: the served document is in ${file}`);

const run = (name, args) => {
  console.log(`lint-openapi: ${name}`);
  // No telemetry or update checks: CI reaches only the npm registry.
  const env = {
    ...process.env,
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
    SCARF_ANALYTICS: "false",
  };
  const result = spawnSync(`node_modules/.bin/${name}`, args, { stdio: "inherit", env });
  return result.status === 0;
};
const redocly = run("redocly", ["lint", file, "--config", "redocly.yaml", "--format", "summary"]);
const spectral = run("spectral", [
  "lint",
  file,
  "--ruleset",
  ".spectral.yaml",
  "--fail-severity",
  "error",
  "--format",
  "text",
  "--display-only-failures",
]);
if (!redocly || !spectral) {
  console.error(`lint-openapi: failed (redocly ${redocly ? "ok" : "errors"}, spectral ${spectral ? "ok" : "errors"})`);
  process.exit(1);
}
console.log("lint-openapi: no errors");
