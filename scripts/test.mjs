#!/usr/bin/env node
// `npm test` after the console build: the Workers-pool suite and the end-to-end suite side by side.
// Much of the e2e suite's time is spent waiting (real clocks, a restart, the browser, other
// processes) while the pool is CPU-bound: on this 2-core machine both side by side finished when
// the pool alone did. The pool's output streams as it runs; the e2e suite's is printed as one block
// once both are done, so the two never interleave. Fails when either fails.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const vitest = path.join(root, "node_modules/.bin/vitest");

const run = (args, { capture }) =>
  new Promise((resolve) => {
    const child = spawn(vitest, ["run", ...args], {
      cwd: root,
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output = [];
    child.stdout?.on("data", (d) => output.push(d));
    child.stderr?.on("data", (d) => output.push(d));
    child.once("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(output) }));
  });

const [pool, e2e] = await Promise.all([
  run([], { capture: false }),
  run(["-c", "vitest.e2e.config.ts"], { capture: true }),
]);
process.stdout.write("\n── end-to-end suite (vitest.e2e.config.ts) ──\n");
process.stdout.write(e2e.output);
if (pool.code !== 0) console.error(`Workers-pool suite failed (exit ${pool.code})`);
if (e2e.code !== 0) console.error(`End-to-end suite failed (exit ${e2e.code})`);
process.exit(pool.code !== 0 || e2e.code !== 0 ? 1 : 0);
