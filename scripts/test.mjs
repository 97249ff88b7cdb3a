#!/usr/bin/env node
// `npm test` after the console build: the Workers-pool suite, then the end-to-end suite.
// One after the other, not side by side: both are CPU-bound on a 2-core machine (the pool's
// workerd runtimes; the e2e suite's wrangler servers, Chromium and CLI runs). Side by side they
// took as long as in turn (pool 420 s and e2e 355 s together, against 154 s and 249 s alone, in
// the 2026-11-27 runs) and every wait in either ran at a load average of 7 and more, where the
// timing-sensitive tests (a 20 s test bound, wrangler's dev proxy dropping requests) failed at
// random. Both always run; fails when either fails.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules/.bin/vitest");

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(vitest, ["run", ...args], { cwd: root, stdio: "inherit" });
    child.once("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const pool = await run([]);
process.stdout.write("\n── end-to-end suite (vitest.e2e.config.ts) ──\n");
const e2e = await run(["-c", "vitest.e2e.config.ts"]);
if (pool !== 0) console.error(`Workers-pool suite failed (exit ${pool})`);
if (e2e !== 0) console.error(`End-to-end suite failed (exit ${e2e})`);
process.exit(pool !== 0 || e2e !== 0 ? 1 : 0);
