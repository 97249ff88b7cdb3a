/**
 * npm run bench — one run, one machine, figures printed and written to
 * bench/results/latest.{json,md}. Starts `wrangler dev --env bench` on
 * 127.0.0.1 (log level warn), seeds through the API (plus bench-only bulk
 * rows for volume), then loads each route with autocannon for a bounded time.
 * Ratios are to the two baselines measured in the same run; compare ratios,
 * not absolute numbers across runs (the load generator shares the 2 cores).
 */
import os from "node:os";
import path from "node:path";
import { startWrangler } from "../test/e2e/support/wrangler";
import { cpuMillis, processTree } from "./lib/cpu";
import { type LoadResult, runLoad } from "./lib/load";
import { type Row, table, writeResults } from "./lib/report";
import { apiKeyFor, bulkSessions, call, registerUser } from "./seed";
import { fanout } from "./websocket-fanout";

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);

interface Measured {
  name: string;
  load: LoadResult;
  cpuMsPerReq: number | null;
  rowsRead: number | null;
  rowsWritten: number | null;
}

async function main() {
  console.log(`bench: ${os.cpus().length} cores, ${DURATION}s per route, ${CONNECTIONS} connections`);
  const server = await startWrangler({
    environment: "bench",
    logLevel: "error",
    // Minute windows of 6 s (10,000 per 6 s for enterprise) and a day of 2.4 h keep the
    // limiter in the measured path without it refusing the benchmark's own load.
    vars: { RATE_LIMIT_WINDOW_SCALE: "0.1", ANALYSIS_TIME_SCALE: "0.01" },
  });
  const base = server.url;
  const results: Measured[] = [];
  try {
    const tree = () => processTree(server.pid()!);

    /** One route: a metered request for D1 rows, then the bounded load with CPU before/after. */
    async function measure(
      name: string,
      url: string,
      opts: { headers?: Record<string, string>; method?: "GET" | "POST"; body?: string } = {},
    ) {
      const metered = await fetch(`${base}${url}`, {
        method: opts.method ?? "GET",
        headers: {
          ...opts.headers,
          "x-bench-meter": "1",
          ...(opts.body ? { "content-type": "application/json" } : {}),
        },
        body: opts.body,
      });
      if (!metered.ok && metered.status !== 201) throw new Error(`${name}: ${metered.status} ${await metered.text()}`);
      const rowsRead = metered.headers.has("x-d1-rows-read") ? Number(metered.headers.get("x-d1-rows-read")) : null;
      const rowsWritten = metered.headers.has("x-d1-rows-written")
        ? Number(metered.headers.get("x-d1-rows-written"))
        : null;
      const pids = tree();
      const cpuBefore = cpuMillis(pids);
      const load = await runLoad({
        url: `${base}${url}`,
        method: opts.method,
        headers: { ...opts.headers, ...(opts.body ? { "content-type": "application/json" } : {}) },
        body: opts.body,
        duration: DURATION,
        connections: CONNECTIONS,
      });
      const cpu = cpuMillis(pids) - cpuBefore;
      const m = { name, load, cpuMsPerReq: load.requests ? cpu / load.requests : null, rowsRead, rowsWritten };
      results.push(m);
      console.log(
        `  ${name}: ${load.rps.toFixed(0)} req/s p50 ${load.p50} ms p99 ${load.p99} ms non-2xx ${load.non2xx} rows r/w ${rowsRead}/${rowsWritten}`,
      );
      return m;
    }

    console.log("seed: users, an API key, sessions through the API");
    const caller = await registerUser(base, "caller");
    const creator = await registerUser(base, "creator");
    await call(base, "POST", `/__bench/credits?user_id=${creator.id}&credits=100000000`);
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => registerUser(base, `other${i}`)));
    const apiKey = await apiKeyFor(base, caller);
    const viaApi = await call(
      base,
      "POST",
      "/v1/sessions",
      { cue: "Benchmark target", session_type: "remote_viewing", parameters: { duration: 30 } },
      caller.token,
    );
    const sessionId: string = viaApi.id;
    const jwt = { authorization: `Bearer ${caller.token}` };

    console.log("measure: baselines and reads by id");
    const noop = await measure("baseline: no-op route", "/__bench/noop");
    const d1 = await measure("baseline: one D1 read by primary key", `/__bench/d1/${caller.id}`);
    await measure("GET /v1/sessions/{id} (JWT)", `/v1/sessions/${sessionId}`, { headers: jwt });
    await measure("GET /v1/sessions/{id} (API key)", `/v1/sessions/${sessionId}`, { headers: { "x-api-key": apiKey } });

    const listUrl = "/v1/sessions?status=completed&session_type=remote_viewing&sort_by=created_at&order=desc&limit=20";
    console.log("seed: 10,000 sessions in the table (caller 1,000, others 9,000)");
    await bulkSessions(base, caller, 999);
    for (const o of others) await bulkSessions(base, o, 1_000);
    await measure("GET /v1/sessions filtered, 10k table", listUrl, { headers: jwt });
    await measure("GET /v1/users/me/stats, caller 1k sessions", "/v1/users/me/stats?period=year", { headers: jwt });

    console.log("seed: 100,000 sessions in the table (caller 10,000, others 90,000)");
    await bulkSessions(base, caller, 9_000);
    for (const o of others) await bulkSessions(base, o, 9_000);
    await measure("GET /v1/sessions filtered, 100k table", listUrl, { headers: jwt });
    await measure("GET /v1/users/me/stats, caller 10k sessions", "/v1/users/me/stats?period=year", { headers: jwt });

    console.log("measure: creation");
    await measure("POST /v1/sessions", "/v1/sessions", {
      method: "POST",
      headers: { authorization: `Bearer ${creator.token}` },
      body: JSON.stringify({ cue: "Load test target", session_type: "dowsing", parameters: { duration: 30 } }),
    });

    console.log(`measure: WebSocket fan-out to ${SOCKETS} sockets`);
    const ws = await fanout(base, await registerUser(base, "watcher"), SOCKETS);
    console.log(
      `  ${ws.connected}/${ws.sockets} connected, ${ws.progressMessages} progress messages, every socket got every message: ${ws.everySocketGotEveryMessage}, latency p50 ${ws.p50} ms p99 ${ws.p99} ms`,
    );

    const rows: Row[] = results.map((m) => ({
      name: m.name,
      rps: m.load.rps,
      p50: m.load.p50,
      p99: m.load.p99,
      vsNoop: m.load.rps / noop.load.rps,
      vsD1: m.load.rps / d1.load.rps,
      cpuMsPerReq: m.cpuMsPerReq,
      rowsRead: m.rowsRead,
      rowsWritten: m.rowsWritten,
      non2xx: m.load.non2xx,
    }));
    const byName = (n: string) => results.find((r) => r.name === n)!;
    const targets = {
      "GET by id (JWT) ≥ 70% of one-D1-read baseline": byName("GET /v1/sessions/{id} (JWT)").load.rps / d1.load.rps,
      "list p50 100k / 10k ≤ 1.5":
        byName("GET /v1/sessions filtered, 100k table").load.p50 /
        Math.max(1, byName("GET /v1/sessions filtered, 10k table").load.p50),
      "stats p50 10k sessions / 1k sessions ≤ 1.5":
        byName("GET /v1/users/me/stats, caller 10k sessions").load.p50 /
        Math.max(1, byName("GET /v1/users/me/stats, caller 1k sessions").load.p50),
    };
    const md = [
      `Run ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}), ${DURATION} s per route, ${CONNECTIONS} connections, autocannon against wrangler dev --env bench.`,
      "",
      table(rows),
      "",
      `WebSocket fan-out: ${ws.connected}/${ws.sockets} sockets on one session, ${ws.progressMessages} progress messages each, every socket received every message: ${ws.everySocketGotEveryMessage}; delivery latency from the room's send to receipt p50 ${ws.p50} ms, p99 ${ws.p99} ms, max ${ws.max} ms.`,
      "",
      "Targets: " +
        Object.entries(targets)
          .map(([k, v]) => `${k}: ${v.toFixed(2)}`)
          .join("; ") +
        ".",
    ].join("\n");
    console.log(`\n${md}\n`);
    writeResults(
      path.join(import.meta.dirname, "results"),
      { rows, websocket: ws, targets, duration: DURATION, connections: CONNECTIONS },
      md,
    );
    console.log("bench: results written to bench/results/latest.json and latest.md");
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
