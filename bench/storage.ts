import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * D1 bytes per session (issue 46, docs/scale.md "What a session stores"): test/db/session-storage.test.ts
 * in the Workers pool measures a database of its own (D1's `meta.size_after`, every table and index)
 * before and after 250 sessions of the issue's shape run to their end (hot), then after the archive
 * sweep moved them all to R2 (archived, their ledger entries included). Sizes do not depend on the
 * machine's speed, so one run is the figure.
 */
export function measureStorage(): { hot: number; archived: number } {
  const root = path.resolve(import.meta.dirname, "..");
  const run = spawnSync("npx", ["vitest", "run", "test/db/session-storage.test.ts"], {
    cwd: root,
    encoding: "utf8",
    env: process.env,
  });
  const out = `${run.stdout}\n${run.stderr}`;
  const figure = (key: "hot" | "archived") => {
    const m = new RegExp(`"msg":"D1 bytes per session","${key}":([0-9.]+)`).exec(out);
    if (!m) throw new Error(`storage: no "${key}" figure in the size test's output:\n${out.slice(-4000)}`);
    return Number(m[1]);
  };
  return { hot: figure("hot"), archived: figure("archived") };
}
