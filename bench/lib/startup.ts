import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRANGLER = path.join(ROOT, "node_modules/.bin/wrangler");
const env = () => ({
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  XDG_CONFIG_HOME: path.join(tmpdir(), "sas-wrangler-config"),
});

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/**
 * `wrangler check startup --env production`: the CPU profile of the worker's
 * top-level evaluation. CPU ms = the profile's sampled time, idle samples
 * excluded (what Cloudflare's startup limit counts).
 */
export function startupCpuMs(): number {
  const dir = mkdtempSync(path.join(tmpdir(), "sas-startup-"));
  try {
    const outfile = path.join(dir, "startup.cpuprofile");
    const run = spawnSync(WRANGLER, ["check", "startup", "--env", "production", "--outfile", outfile], {
      cwd: ROOT,
      env: env(),
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`wrangler check startup failed: ${run.stderr}`);
    const profile = JSON.parse(readFileSync(outfile, "utf8")) as CpuProfile;
    const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
    let us = 0;
    for (let i = 0; i < profile.samples.length; i++)
      if (!idle.has(profile.samples[i]!)) us += profile.timeDeltas[i] ?? 0;
    return us / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The production bundle (`wrangler deploy --dry-run --env production`): raw and gzip bytes of its files. */
export function bundleSize(): { bytes: number; gzipBytes: number } {
  const dir = mkdtempSync(path.join(tmpdir(), "sas-bundle-"));
  try {
    const run = spawnSync(WRANGLER, ["deploy", "--dry-run", "--env", "production", "--outdir", dir], {
      cwd: ROOT,
      env: env(),
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`wrangler deploy --dry-run failed: ${run.stderr}`);
    let bytes = 0;
    let gzipBytes = 0;
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = path.join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (!name.endsWith(".map")) {
          const content = readFileSync(p);
          bytes += content.length;
          gzipBytes += gzipSync(content, { level: 9 }).length;
        }
      }
    };
    walk(dir);
    return { bytes, gzipBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
