/**
 * Where a read's CPU goes (`npx tsx bench/profile-reads.ts`): starts `wrangler dev --env bench` as
 * the bench does and seeds a caller, an API key and a session, then
 *
 * - PROFILE_MODE=profile (default): for each of the one-D1-read baseline and GET /v1/sessions/{id}
 *   with a JWT and with an API key, a V8 CPU profile of the worker (Chrome DevTools Protocol
 *   Profiler.start/stop through wrangler's inspector port) while autocannon loads the route;
 *   prints the JavaScript time per request and the self and inclusive time per function and file
 *   of the bundle. The profile is the worker's JavaScript only: workerd's own HTTP, D1 and KV work
 *   shows as "(program)" or not at all. With PROFILE_OUT the .cpuprofile files and the bundle with
 *   its source map are kept there (DevTools maps the bundle back to src/).
 * - PROFILE_MODE=cpu: no profiler; PROFILE_ROUNDS interleaved rounds of the three, and each
 *   process's CPU ms per request (wrangler's node, the dev proxy's workerd, the app's workerd);
 *   PROFILE_DIRECT=1 loads the app's own workerd socket instead of the dev proxy's; `bare` in
 *   PROFILE_ONLY adds the bare worker's ceiling route (its own server) to the same rounds.
 *
 * The sampler reads wall time: on a loaded machine a descheduled thread's wait is charged to
 * whatever it was running, so compare within one run. PROFILE_DURATION (s, default 6),
 * PROFILE_INTERVAL_US (default 1000), PROFILE_ONLY (baseline,baseline-session-row,jwt,apikey; add `bare` for the bare worker's ceiling route
 * (bench/bare, its own process, profiled after the others), or
 * `ceiling` for the session's row answered with GET's response headers (bench/worker/entry.ts), or
 * `create` for POST /v1/sessions by a funded user, as the bench measures it: the sessions' life starts
 * after the run, so only the creation is profiled; an enterprise user's cap of 500 pending sessions
 * bounds a run to about 500 creations).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import WebSocket from "ws";
import { startWrangler } from "../test/e2e/support/wrangler";
import { startBare } from "./lib/bare";
import { appSocket, cpuMillisBetween, cpuMillisByPid, listeningPorts, processTree } from "./lib/cpu";
import { runLoad } from "./lib/load";
import { fundedUser, readTarget } from "./seed";

const DURATION = Number(process.env.PROFILE_DURATION ?? 6);
const OUT = process.env.PROFILE_OUT;
const ONLY = (process.env.PROFILE_ONLY ?? "baseline,baseline-session-row,jwt,apikey").split(",");
const MODE = process.env.PROFILE_MODE ?? "profile";
const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 3);
const INTERVAL = Number(process.env.PROFILE_INTERVAL_US ?? 1000);

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

class Inspector {
  private next = 1;
  private pending = new Map<number, (v: unknown) => void>();
  private constructor(private ws: WebSocket) {
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
      if (msg.id !== undefined) this.pending.get(msg.id)?.(msg.error ? Promise.reject(msg.error) : msg.result);
    });
  }
  static async open(url: string) {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    return new Inspector(ws);
  }
  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.pending.set(id, resolve as (v: unknown) => void));
  }
  close() {
    this.ws.close();
  }
}

/** The inspector's targets (wrangler's inspector proxy), found among the tree's listening ports. */
async function inspectorTargets(pids: number[]) {
  for (const pid of pids) {
    for (const port of listeningPorts(pid)) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) });
        if (!res.ok) continue;
        const list = (await res.json()) as Array<{ id: string; title: string; webSocketDebuggerUrl: string }>;
        if (Array.isArray(list) && list.length > 0) return { port, list };
      } catch {
        /* not the inspector */
      }
    }
  }
  throw new Error("no inspector port found");
}

function summarise(profile: Profile, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let total = 0;
  let idle = 0;
  let gc = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const name = byId.get(id)!.callFrame.functionName;
    if (name === "(idle)") {
      idle += dt;
      return;
    }
    total += dt;
    if (name === "(garbage collector)") gc += dt;
    selfUs.set(id, (selfUs.get(id) ?? 0) + dt);
  });
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const short = url.replace(/^.*\/(node_modules\/)?/, (_m, nm) => (nm ? "nm/" : "")).slice(-60);
    const key = `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const f = url ? url.replace(/^.*?(node_modules\/[^/]+(\/[^/]+)?|src\/.*|\.wrangler\/.*)$/, "$1") : functionName;
    file.set(f, (file.get(f) ?? 0) + us);
  }
  // Inclusive time per function name (each sample counted once per distinct name on its stack).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    if (byId.get(id)!.callFrame.functionName === "(idle)") return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const cf = byId.get(at)!.callFrame;
      const short = cf.url.replace(/^.*\//, "");
      const key = `${cf.functionName || "(anonymous)"} ${short}:${cf.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  });
  const fmt = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, us]) =>
          `    ${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`,
      )
      .join("\n");
  return { total, idle, gc, fn: fmt(fn, top), file: fmt(file, 25), incl: fmt(incl, 60) };
}

/** name, path, headers and, for a write, its method and body. */
type Route = [string, string, Record<string, string>, { method: "POST"; body: string }?];
const CREATE_BODY = JSON.stringify({ cue: "Profile creation", session_type: "dowsing", parameters: { duration: 30 } });

async function main() {
  const server = await startWrangler({
    environment: "bench",
    logLevel: "error",
    inspector: MODE === "profile",
    // PROFILE_VARS (a JSON object) adds or overrides variables, e.g. {"REQUEST_LOG":"off"}.
    vars: {
      RATE_LIMIT_WINDOW_SCALE: "0.1",
      ANALYSIS_TIME_SCALE: "0.02",
      ...JSON.parse(process.env.PROFILE_VARS ?? "{}"),
    },
  });
  try {
    const base = server.url;
    const { caller, apiKey, sessionId } = await readTarget(base);
    const creator = ONLY.includes("create") ? await fundedUser(base, "creator") : undefined;
    const routes: Route[] = [
      ["baseline", `/__bench/d1/${caller.id}`, {}],
      ["baseline-session-row", `/__bench/d1-session/${sessionId}`, {}],
      ["ceiling", `/__bench/d1-session-answer/${sessionId}`, {}],
      ["jwt", `/v1/sessions/${sessionId}`, { authorization: `Bearer ${caller.token}` }],
      ["apikey", `/v1/sessions/${sessionId}`, { "x-api-key": apiKey }],
      ...(creator
        ? [
            [
              "create",
              "/v1/sessions",
              {
                authorization: `Bearer ${creator.token}`,
                "content-type": "application/json",
                "x-bench-time-scale": "1000",
              },
              { method: "POST", body: CREATE_BODY },
            ] satisfies Route,
          ]
        : []),
    ];
    if (MODE === "cpu") {
      // No profiler: each process's CPU ms per request, rounds interleaved; `bare` loads the bare
      // worker's ceiling route (its own server, its own processes) in the same rounds.
      const bare = ONLY.includes("bare") ? await startBare(base, caller, sessionId) : undefined;
      try {
        await cpuRounds(server, base, routes, bare && { url: `${bare.url}/ceiling/${sessionId}`, pid: bare.pid()! });
      } finally {
        await bare?.stop();
      }
      return;
    }
    if (OUT) cpSync(path.join(import.meta.dirname, "../.wrangler/tmp"), path.join(OUT, "bundle"), { recursive: true });
    const { port, list } = await inspectorTargets(processTree(server.pid()!));
    console.log(`inspector on ${port}: ${list.map((t) => t.title).join(", ")}`);
    const target = list.find((t) => /session-analysis-bench/.test(t.title)) ?? list[0]!;
    const inspector = await Inspector.open(target.webSocketDebuggerUrl);
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: INTERVAL });
    for (const [name, url, headers, write] of routes.filter(([n]) => ONLY.includes(n))) {
      // Warm: the group built, caches filled.
      for (let i = 0; i < 20; i++) await (await fetch(`${base}${url}`, { headers, ...write })).arrayBuffer();
      await profiled(inspector, name, `${base}${url}`, headers, write);
    }
    inspector.close();
    if (ONLY.includes("bare")) {
      // The bare worker's ceiling route (bench/bare, its own process), profiled the same way: its heap and GC
      // beside the app's.
      const bare = await startBare(base, caller, sessionId, { inspector: true });
      try {
        const url = `${bare.url}/ceiling/${sessionId}`;
        for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
        const found = await inspectorTargets(processTree(bare.pid()!));
        const bareInspector = await Inspector.open(found.list[0]!.webSocketDebuggerUrl);
        await bareInspector.send("Profiler.enable");
        await bareInspector.send("Profiler.setSamplingInterval", { interval: INTERVAL });
        await profiled(bareInspector, "bare", url, {});
        bareInspector.close();
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await server.stop();
  }
}

/** The process and its children, each named by its command line's end and its listening ports. */
function namedTree(pid: number): Map<number, string> {
  return new Map(
    processTree(pid).map((p) => [
      p,
      readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").slice(0, 3).join(" ").slice(-50) +
        ` ports ${listeningPorts(p).join(",")}`,
    ]),
  );
}

/** PROFILE_MODE=cpu: ROUNDS interleaved rounds of each chosen route (and the bare worker's), CPU per process. */
async function cpuRounds(
  server: { pid(): number | undefined; port: number },
  base: string,
  routes: Route[],
  bare: { url: string; pid: number } | undefined,
) {
  const names = namedTree(server.pid()!);
  const pids = [...names.keys()];
  console.log(`server port ${server.port}`);
  // PROFILE_DIRECT=1: load the app's own workerd socket, not wrangler's dev proxy in front of it.
  const target = process.env.PROFILE_DIRECT === "1" ? await appSocket(pids, server.port) : base;
  if (!target) throw new Error("the app's workerd socket was not found");
  console.log(`load against ${target}`);
  const chosen: Array<{
    name: string;
    url: string;
    headers: Record<string, string>;
    write?: Route[3];
    pids: number[];
  }> = routes
    .filter(([n]) => ONLY.includes(n))
    .map(([name, url, headers, write]) => ({ name, url: `${target}${url}`, headers, write, pids }));
  const bareNames = bare ? namedTree(bare.pid) : new Map<number, string>();
  if (bare) chosen.push({ name: "bare", url: bare.url, headers: {}, pids: [...bareNames.keys()] });
  for (const { url, headers, write } of chosen)
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers, ...write })).arrayBuffer();
  const acc = new Map<string, { req: number; rps: number[]; byPid: Map<number, number> }>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const { name, url, headers, write, pids: tree } of chosen) {
      const before = cpuMillisByPid(tree);
      const load = await runLoad({ url, headers, ...write, duration: DURATION, connections: 8 });
      const after = cpuMillisByPid(tree);
      const a = acc.get(name) ?? { req: 0, rps: [] as number[], byPid: new Map<number, number>() };
      a.req += load.requests;
      a.rps.push(load.rps);
      for (const p of tree) {
        const [start, end] = [before.get(p), after.get(p)];
        // A process that ended during the round (or started in it) has no span to count.
        if (start !== undefined && end !== undefined) a.byPid.set(p, (a.byPid.get(p) ?? 0) + end - start);
      }
      acc.set(name, a);
      console.log(
        `  round ${r} ${name}: ${load.rps.toFixed(0)} req/s, tree ${(cpuMillisBetween(before, after) / load.requests).toFixed(2)} ms/req, non2xx ${load.non2xx}`,
      );
    }
  }
  for (const [name, a] of acc) {
    const total = [...a.byPid.values()].reduce((x, y) => x + y, 0);
    console.log(`${name}: ${(total / a.req).toFixed(3)} ms/req total; rps ${a.rps.map((x) => x.toFixed(0)).join(" ")}`);
    for (const [p, ms] of a.byPid)
      if (ms > 0) console.log(`    ${(ms / a.req).toFixed(3)} ms/req  ${p} ${names.get(p) ?? bareNames.get(p)}`);
  }
}

/** A V8 CPU profile of `inspector`'s isolate while autocannon loads `url`, summarised (and kept under PROFILE_OUT). */
async function profiled(
  inspector: Inspector,
  name: string,
  url: string,
  headers: Record<string, string>,
  write?: { method: "POST"; body: string },
) {
  await inspector.send("Profiler.start");
  const load = await runLoad({ url, headers, ...write, duration: DURATION, connections: 8 });
  const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
  const s = summarise(profile);
  // The isolate's heap once the load has run (V8's own figures): what each GC has to walk.
  const heap = await inspector.send<{ usedSize: number; totalSize: number }>("Runtime.getHeapUsage");
  console.log(
    `\n== ${name}: ${load.requests} requests (${load.rps.toFixed(0)} req/s, non-2xx ${load.non2xx}); JS non-idle ${(s.total / 1000).toFixed(0)} ms = ${(s.total / 1000 / load.requests).toFixed(3)} ms/req; GC ${(s.gc / 1000 / load.requests).toFixed(3)} ms/req (${((100 * s.gc) / Math.max(1, s.total)).toFixed(1)}%); heap ${(heap.usedSize / 1048576).toFixed(1)} MiB used of ${(heap.totalSize / 1048576).toFixed(1)} MiB`,
  );
  console.log(`  self time by file:\n${s.file}`);
  console.log(`  self time by function:\n${s.fn}`);
  console.log(`  inclusive time by function:\n${s.incl}`);
  if (OUT) {
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
