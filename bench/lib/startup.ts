import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
 * excluded (what Cloudflare's startup limit counts). `bundle` profiles a
 * prebuilt bundle (`wrangler deploy --outfile`) instead of `main`.
 */
export function startupCpuMs(): number {
  return profileCpuMs(startupProfile());
}

function startupProfile(bundle?: string): CpuProfile {
  const dir = mkdtempSync(path.join(tmpdir(), "sas-startup-"));
  try {
    const outfile = path.join(dir, "startup.cpuprofile");
    const args = ["check", "startup", "-c", "wrangler.toml", "--env", "production", "--outfile", outfile];
    if (bundle) args.push("--worker", bundle);
    const run = spawnSync(WRANGLER, args, { cwd: ROOT, env: env(), encoding: "utf8" });
    if (run.status !== 0) throw new Error(`wrangler check startup failed: ${run.stderr}`);
    return JSON.parse(readFileSync(outfile, "utf8")) as CpuProfile;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Non-idle sampled ms, of the whole profile or of the samples after the last one in `after` (a function). */
function profileCpuMs(profile: CpuProfile, after?: string): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  let from = 0;
  if (after) {
    const marker = new Set(profile.nodes.filter((n) => n.callFrame.functionName === after).map((n) => n.id));
    from = profile.samples.findLastIndex((id) => marker.has(id)) + 1;
    if (from === 0) throw new Error(`no sample in ${after}`);
  }
  let us = 0;
  for (let i = from; i < profile.samples.length; i++)
    if (!idle.has(profile.samples[i]!)) us += profile.timeDeltas[i] ?? 0;
  return us / 1000;
}

/**
 * What the first request to each lazily built part pays (src/http/lazy-route.ts). The
 * production worker is bundled (unminified, so the marker keeps its name) with an entry that,
 * at the top level after the worker has loaded, runs a marker function and then builds that
 * part (a route group; the OpenAPI document, which builds every group and renders it; the
 * SAML libraries): the part's CPU is what the startup profile samples after the marker's
 * last sample. The least of `runs` profiles: time the thread waited for a shared core only
 * ever adds.
 */
export function firstRequestCpuMs(runs = 3): Array<{ part: string; cpuMs: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), "sas-first-request-"));
  const src = (file: string) => JSON.stringify(path.join(ROOT, "src", file));
  const MARKER = "firstRequestStartsHere";
  const bundleOf = (name: string, work: string) => {
    const entry = path.join(dir, `${name}.ts`);
    writeFileSync(
      entry,
      [
        `import worker from ${src("index.ts")};`,
        // src/app.ts is loaded at startup anyway; everything else the part needs, it imports itself.
        `import { LAZY_ROUTES, v1Document } from ${src("app.ts")};`,
        `function ${MARKER}() {`,
        "  let x = 0;",
        "  for (let i = 0; i < 20_000_000; i++) x = (x + i) % 1_000_003;",
        "  return x;",
        "}",
        `${MARKER}();`,
        "void [LAZY_ROUTES, v1Document];",
        work,
        `export * from ${src("index.ts")};`,
        "export default worker;",
      ].join("\n"),
    );
    const outfile = path.join(dir, `${name}.bundle`);
    const build = spawnSync(
      WRANGLER,
      ["deploy", "--dry-run", "-c", "wrangler.toml", "--env", "production", "--no-minify", "--outfile", outfile, entry],
      { cwd: ROOT, env: env(), encoding: "utf8" },
    );
    if (build.status !== 0) throw new Error(`wrangler deploy --dry-run (${name}) failed: ${build.stderr}`);
    return outfile;
  };
  try {
    const parts: Array<{ part: string; work: string }> = [
      ...lazyRoutePaths().map((g) => ({
        part: g === "/" ? "/ (the authorization server)" : g,
        work: `await LAZY_ROUTES.find((r) => r.path === "${g}")?.group();`,
      })),
      {
        part: "/v1/openapi.json (every group + the document)",
        work: `const { openApiDocument } = await import(${src("http/openapi-document.ts")});\nopenApiDocument(await v1Document(), "https://api.example", { ENVIRONMENT: "production" });`,
      },
      {
        part: "SAML libraries",
        work: `await (await import(${src("domain/identity/sso/saml/xml.ts")})).xmlLibraries();`,
      },
    ];
    return parts.map(({ part, work }, i) => {
      const bundle = bundleOf(`part-${i}`, work);
      const samples = Array.from({ length: runs }, () => profileCpuMs(startupProfile(bundle), MARKER));
      return { part, cpuMs: Math.min(...samples) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The lazily built parts' paths, read from src/app.ts (the app itself needs workerd). */
function lazyRoutePaths(): string[] {
  const app = readFileSync(path.join(ROOT, "src/app.ts"), "utf8");
  return [...app.matchAll(/lazyRoute\(\s*"([^"]+)"/g)].map((m) => m[1] as string);
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
