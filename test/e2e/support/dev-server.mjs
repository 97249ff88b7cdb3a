#!/usr/bin/env node
// `wrangler dev` without its DevTools inspector, for tests: wrangler's own dev server API
// (unstable_startWorker, what `wrangler dev` runs: the same bundling, configuration, Miniflare and
// local persistence) with `dev.inspector: false`. The CLI always attaches an inspector, and wrangler
// then receives and logs a DevTools event for every request and subrequest: measured here, a server
// answering 1,040 requests spent 30 s of CPU that way against 15 s without. No file watching either:
// a test's server never reloads under it.
//
// Usage: node dev-server.mjs <json> where json is {host, port, persistTo, env?, vars, logLevel, inspectorPort?,
// config?, front?} (the inspector only when a profiler asks for it; `front`: see retry-front.mjs).
// Prints nothing of its own; stops (disposing the worker) on SIGTERM or SIGINT.
import path from "node:path";
import { unstable_startWorker } from "wrangler";
import { freePort, startRetryFront } from "./retry-front.mjs";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const opts = JSON.parse(process.argv[2]);

const worker = await unstable_startWorker({
  // Another wrangler.toml (relative to the repository) for a worker other than the app: the bench's bare worker.
  config: path.join(ROOT, opts.config ?? "wrangler.toml"),
  ...(opts.env ? { env: opts.env } : {}),
  bindings: Object.fromEntries(Object.entries(opts.vars).map(([k, v]) => [k, { type: "plain_text", value: v }])),
  dev: {
    server: { hostname: opts.host, port: opts.front ? await freePort(opts.host) : opts.port },
    inspector: opts.inspectorPort ? { port: opts.inspectorPort } : false,
    persist: opts.persistTo,
    logLevel: opts.logLevel,
    watch: false,
    liveReload: false,
    // GET /__scheduled runs the cron trigger's handler now (wrangler dev --test-scheduled): test/e2e/session-archive.e2e.test.ts.
    testScheduled: true,
  },
});
await worker.ready;
const front = opts.front ? await startRetryFront(new URL(await worker.url), opts.host, opts.port) : undefined;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await front?.close();
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
