/**
 * Where the difference between the app and the bare worker goes (`npx tsx bench/variants.ts`, issue #36):
 * the app's GET /v1/sessions/{id} (JWT) in several configurations, each a server of its own started as
 * the bench starts the app, against the bare worker (bench/bare) in its own process, in VARIANT_ROUNDS
 * interleaved rounds of VARIANT_DURATION s (each round's order turned by one). Prints each route's CPU
 * ms per request (the server's whole process tree) and req/s, as the median of the rounds' ratios to
 * the bare worker's ceiling route measured in the same round.
 *
 * - bench: `--env bench` as `npm run bench` runs it (the targets' configuration);
 * - bench, no request log: the same with REQUEST_LOG=off (no JSON log line per request);
 * - bench, no ASSETS: the same without the console's static-assets binding (a copy of wrangler.toml
 *   without [assets], written beside it for the run and removed after);
 * - development: the default environment, as `npm run dev` runs it;
 * - the in-isolate no-op (bench/worker/entry.ts answers before the app): the app's isolate with its
 *   routes stubbed out, against the bare worker's no-op, with and without the ASSETS binding.
 * The bare worker itself runs three times: with the app's compatibility flags, without any, and with
 * the console's static assets in front of it as the app has them (`run_worker_first`: under `wrangler
 * dev` every request then passes through the assets router worker first). Last, each server's CPU
 * while idle (timers, cron, queue polling) is printed.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type DevServer, startWrangler } from "../test/e2e/support/wrangler";
import { startBare } from "./lib/bare";
import { cpuMillisBetween, cpuMillisByPid, processTree } from "./lib/cpu";
import { runLoad } from "./lib/load";
import { call, readTarget, registerUser } from "./seed";

const ROUNDS = Number(process.env.VARIANT_ROUNDS ?? 3);
const DURATION = Number(process.env.VARIANT_DURATION ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ROOT = path.resolve(import.meta.dirname, "..");
const NO_ASSETS = ".bench-variant-no-assets.toml";
const BARE_NO_FLAGS = "bench/bare/.no-flags.toml";
const BARE_ASSETS = "bench/bare/.assets.toml";
const BENCH_VARS = { RATE_LIMIT_WINDOW_SCALE: "0.1", ANALYSIS_TIME_SCALE: "0.02" };
/** wrangler.toml's [assets] table: its header and the key lines up to the next table or blank line. */
const ASSETS_TABLE = /\n\[assets\]\n(?:[^\n[]+\n)+/;

interface Route {
  name: string;
  server: DevServer;
  url: string;
  headers?: Record<string, string>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function load(route: Route) {
  await (await fetch(route.url, { headers: route.headers })).arrayBuffer();
  const pids = processTree(route.server.pid()!);
  const before = cpuMillisByPid(pids);
  const result = await runLoad({
    url: route.url,
    headers: route.headers,
    duration: DURATION,
    connections: CONNECTIONS,
  });
  const cpu = cpuMillisBetween(before, cpuMillisByPid(pids));
  if (result.non2xx || result.errors)
    throw new Error(`${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.rps, cpuMsPerReq: cpu / Math.max(1, result.requests) };
}

async function main() {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  writeFileSync(path.join(ROOT, NO_ASSETS), toml.replace(ASSETS_TABLE, "\n"));
  const bareToml = readFileSync(path.join(ROOT, "bench/bare/wrangler.toml"), "utf8");
  writeFileSync(path.join(ROOT, BARE_NO_FLAGS), bareToml.replace(/^compatibility_flags = .*$/m, ""));
  // The app's [assets] table, its directory relative to the bare worker's folder.
  const assets = ASSETS_TABLE.exec(toml)![0].replace(/directory = "/, 'directory = "../../');
  writeFileSync(path.join(ROOT, BARE_ASSETS), `${bareToml}${assets}`);
  const servers: DevServer[] = [];
  const start = async (opts: Parameters<typeof startWrangler>[0]) => {
    const s = await startWrangler({ logLevel: "error", ...opts });
    servers.push(s);
    return s;
  };
  try {
    const routes: Route[] = [];
    const bench = await start({ environment: "bench", vars: BENCH_VARS });
    const target = await readTarget(bench.url);
    const jwt = { authorization: `Bearer ${target.caller.token}` };
    const get = (server: DevServer, sessionId: string) => `${server.url}/v1/sessions/${sessionId}`;
    // The bare worker's setup reads the bench server's row, body and headers.
    const bare = await startBare(bench.url, target.caller, target.sessionId);
    servers.push(bare);
    routes.push({ name: "bare worker ceiling", server: bare, url: `${bare.url}/ceiling/${target.sessionId}` });
    routes.push({ name: "bare worker no-op", server: bare, url: `${bare.url}/noop` });
    routes.push({ name: "app isolate no-op (routes stubbed)", server: bench, url: `${bench.url}/__bench/noop` });
    routes.push({ name: "GET by id, bench", server: bench, url: get(bench, target.sessionId), headers: jwt });

    const bareNoFlags = await start({ config: BARE_NO_FLAGS, worker: { readyPath: "/noop" } });
    routes.push({
      name: "bare worker no-op, no compatibility flags",
      server: bareNoFlags,
      url: `${bareNoFlags.url}/noop`,
    });

    const bareAssets = await start({ config: BARE_ASSETS, worker: { readyPath: "/noop" } });
    routes.push({
      name: "bare worker no-op, static assets in front",
      server: bareAssets,
      url: `${bareAssets.url}/noop`,
    });

    const quiet = await start({ environment: "bench", vars: { ...BENCH_VARS, REQUEST_LOG: "off" } });
    const q = await readTarget(quiet.url);
    routes.push({
      name: "GET by id, bench, no request log",
      server: quiet,
      url: get(quiet, q.sessionId),
      headers: { authorization: `Bearer ${q.caller.token}` },
    });

    const noAssets = await start({ environment: "bench", vars: BENCH_VARS, config: NO_ASSETS });
    const n = await readTarget(noAssets.url);
    routes.push({
      name: "GET by id, bench, no ASSETS binding",
      server: noAssets,
      url: get(noAssets, n.sessionId),
      headers: { authorization: `Bearer ${n.caller.token}` },
    });
    routes.push({
      name: "app isolate no-op, no ASSETS binding",
      server: noAssets,
      url: `${noAssets.url}/__bench/noop`,
    });

    const dev = await start({});
    const user = await registerUser(dev.url, "dev-caller");
    // No bench entry here to set a balance: the test gateway sells the credits.
    await call(
      dev.url,
      "POST",
      "/v1/billing/credits/purchase",
      { credit_package: "starter", payment_method_id: "pm_card_visa", quantity: 1 },
      user.token,
    );
    const made = await call(
      dev.url,
      "POST",
      "/v1/sessions",
      { cue: "Variant target", session_type: "remote_viewing", parameters: { duration: 30 } },
      user.token,
    );
    routes.push({
      name: "GET by id, development (default env)",
      server: dev,
      url: get(dev, made.id),
      headers: { authorization: `Bearer ${user.token}` },
    });

    const runs = new Map<string, Array<{ rps: number; cpuMsPerReq: number }>>(routes.map((r) => [r.name, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (let k = 0; k < routes.length; k++) {
        const route = routes[(r + k) % routes.length]!;
        const m = await load(route);
        runs.get(route.name)!.push(m);
        console.log(
          `  round ${r + 1} ${route.name}: ${m.rps.toFixed(0)} req/s, ${m.cpuMsPerReq.toFixed(2)} CPU ms/req`,
        );
      }
    }
    const ceiling = runs.get("bare worker ceiling")!;
    console.log(`\n| Route | CPU ms/req (median) | CPU ÷ bare ceiling | req/s ÷ bare ceiling |\n|---|---:|---:|---:|`);
    for (const route of routes) {
      const ms = runs.get(route.name)!;
      const cpu = median(ms.map((m, i) => m.cpuMsPerReq / ceiling[i]!.cpuMsPerReq));
      const rps = median(ms.map((m, i) => m.rps / ceiling[i]!.rps));
      console.log(
        `| ${route.name} | ${median(ms.map((m) => m.cpuMsPerReq)).toFixed(2)} | ${cpu.toFixed(2)} | ${rps.toFixed(2)} |`,
      );
    }
    // Timers and background work (cron, queue consumers' polling, the rate limiter's syncs): each server's
    // CPU with no request at all, which a load's CPU per request also carries.
    console.log("\nidle CPU, 5 s with no request:");
    const seen = new Set<DevServer>();
    for (const route of routes) {
      if (seen.has(route.server)) continue;
      seen.add(route.server);
      const pids = processTree(route.server.pid()!);
      const before = cpuMillisByPid(pids);
      await new Promise((r) => setTimeout(r, 5000));
      console.log(
        `  ${route.name} (its server): ${(cpuMillisBetween(before, cpuMillisByPid(pids)) / 5).toFixed(1)} CPU ms/s`,
      );
    }
  } finally {
    for (const s of servers.reverse()) await s.stop();
    rmSync(path.join(ROOT, NO_ASSETS), { force: true });
    rmSync(path.join(ROOT, BARE_NO_FLAGS), { force: true });
    rmSync(path.join(ROOT, BARE_ASSETS), { force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
