#!/usr/bin/env node
// Reads an environment's figures from Workers Analytics Engine (the SQL API) and, with --check, says
// which alert of docs/operations.md ("Alerts") is firing: exit 1 when one is, so a scheduler (a CI cron,
// a monitoring system's script check) can page on it.
//
//   npm run metrics -- --env production                 the last hour, as tables
//   npm run metrics -- --env production --since 24      the last 24 hours
//   npm run metrics -- --env production --check         exit 1 and one ALERT line per firing alert
//
// Needs CLOUDFLARE_ACCOUNT_ID and an API token with "Account Analytics: Read" in
// CLOUDFLARE_ANALYTICS_TOKEN (or CLOUDFLARE_API_TOKEN). The dataset is session_analysis_<env>
// (wrangler.toml); the data point layout is src/adapters/metrics/analytics-engine.ts's.

export function parseArgs(argv) {
  const args = { env: undefined, sinceHours: 1, check: false, apiBase: "https://api.cloudflare.com/client/v4" };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--env") args.env = argv[++i];
    else if (a === "--since") args.sinceHours = Number(argv[++i]);
    else if (a === "--check") args.check = true;
    else if (a === "--api-base") args.apiBase = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.env || !/^[a-z]+$/.test(args.env)) throw new Error("--env <name> is required (production, staging)");
  if (!Number.isInteger(args.sinceHours) || args.sinceHours < 1 || args.sinceHours > 2160)
    throw new Error("--since is a whole number of hours, 1 to 2160 (Analytics Engine keeps three months)");
  return args;
}

/** The alerts' thresholds (docs/operations.md, "Alerts"). */
export const THRESHOLDS = {
  errorRate: 0.01,
  p95Ms: 1000,
  /** A route's p95 counts once it has this many requests in the window. */
  minRequestsForLatency: 20,
  sessionFailureRate: 0.05,
  webhookFailureRate: 0.2,
};

/** The queries, by name: each reads one kind of data point, weighted by its sample interval. */
export function queries(dataset, sinceHours) {
  const window = `timestamp > NOW() - INTERVAL '${sinceHours}' HOUR`;
  return {
    routes: `SELECT blob2 AS route, blob3 AS method, SUM(_sample_interval) AS requests,
  SUM(IF(double3 >= 500, _sample_interval, 0)) AS errors_5xx,
  SUM(IF(double3 >= 400 AND double3 < 500, _sample_interval, 0)) AS errors_4xx,
  quantileExactWeighted(0.95)(double2, _sample_interval) AS p95_ms
FROM ${dataset} WHERE blob1 = 'request' AND ${window}
GROUP BY route, method ORDER BY requests DESC LIMIT 50`,
    sessions: `SELECT blob2 AS outcome, SUM(_sample_interval) AS sessions
FROM ${dataset} WHERE blob1 = 'session' AND ${window} GROUP BY outcome ORDER BY outcome`,
    webhooks: `SELECT blob2 AS outcome, SUM(_sample_interval) AS attempts
FROM ${dataset} WHERE blob1 = 'webhook' AND ${window} GROUP BY outcome ORDER BY outcome`,
    archive: `SELECT blob2 AS outcome, SUM(_sample_interval) AS events
FROM ${dataset} WHERE blob1 = 'archive' AND ${window} GROUP BY outcome ORDER BY outcome`,
    credits: `SELECT blob2 AS credit_package, blob3 AS currency, SUM(_sample_interval) AS purchases,
  SUM(double2 * _sample_interval) AS credits, SUM(double3 * _sample_interval) AS amount
FROM ${dataset} WHERE blob1 = 'credits_sold' AND ${window} GROUP BY credit_package, currency`,
  };
}

/** One SQL API call (POST the query as the body; FORMAT JSON answers `{ data: [rows] }`). */
async function sql({ apiBase, accountId, token }, query) {
  const res = await fetch(`${apiBase}/accounts/${accountId}/analytics_engine/sql`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: `${query} FORMAT JSON`,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the SQL API answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).data.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v]),
    ),
  );
}

const sum = (rows, key) => rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);
const count = (rows, outcome, key) => Number(rows.find((r) => r.outcome === outcome)?.[key] ?? 0);

/** The alerts firing on these figures, each one line (docs/operations.md, "Alerts", says what to do). */
export function firingAlerts(figures, t = THRESHOLDS) {
  const alerts = [];
  const requests = sum(figures.routes, "requests");
  const errors = sum(figures.routes, "errors_5xx");
  if (requests > 0 && errors / requests > t.errorRate)
    alerts.push(
      `Error rate: ${errors} of ${requests} requests answered 5xx (${pct(errors / requests)} > ${pct(t.errorRate)})`,
    );
  for (const r of figures.routes)
    if (r.requests >= t.minRequestsForLatency && r.p95_ms > t.p95Ms)
      alerts.push(`Latency: ${r.method} ${r.route} p95 ${Math.round(r.p95_ms)} ms > ${t.p95Ms} ms`);
  const failed = count(figures.sessions, "failed", "sessions");
  const ended = failed + count(figures.sessions, "completed", "sessions");
  if (ended > 0 && failed / ended > t.sessionFailureRate)
    alerts.push(`Sessions failing: ${failed} of ${ended} ended sessions failed (${pct(failed / ended)})`);
  const failedAttempts = count(figures.webhooks, "failed", "attempts");
  const attempts = failedAttempts + count(figures.webhooks, "delivered", "attempts");
  if (attempts > 0 && failedAttempts / attempts > t.webhookFailureRate)
    alerts.push(
      `Webhook failures: ${failedAttempts} of ${attempts} attempts failed (${pct(failedAttempts / attempts)})`,
    );
  const dead = count(figures.webhooks, "dead_lettered", "attempts");
  if (dead > 0) alerts.push(`Webhook failures: ${dead} deliveries dead-lettered`);
  const unreadable =
    count(figures.archive ?? [], "missing", "events") + count(figures.archive ?? [], "corrupt", "events");
  if (unreadable > 0)
    alerts.push(`Session archive: ${unreadable} reads found an archived session's object missing or corrupt`);
  return alerts;
}

const pct = (x) => `${(x * 100).toFixed(1)} %`;

function table(rows) {
  if (rows.length === 0) return "  (none)";
  const keys = Object.keys(rows[0]);
  const cell = (v) => (typeof v === "number" && !Number.isInteger(v) ? v.toFixed(1) : String(v ?? ""));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values) => `  ${values.map((v, i) => v.padEnd(widths[i])).join("  ")}`;
  return [line(keys), ...rows.map((r) => line(keys.map((k) => cell(r[k]))))].join("\n");
}

export async function main(argv, { env = process.env, log = console.log } = {}) {
  const args = parseArgs(argv);
  const accountId = env.CLOUDFLARE_ACCOUNT_ID;
  const token = env.CLOUDFLARE_ANALYTICS_TOKEN ?? env.CLOUDFLARE_API_TOKEN;
  if (!accountId || !token)
    throw new Error("set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_ANALYTICS_TOKEN (Account Analytics: Read)");
  const dataset = `session_analysis_${args.env}`;
  const api = { apiBase: args.apiBase, accountId, token };
  const figures = {};
  for (const [name, query] of Object.entries(queries(dataset, args.sinceHours))) figures[name] = await sql(api, query);
  if (!args.check) {
    log(`${dataset}, the last ${args.sinceHours} h`);
    for (const [name, rows] of Object.entries(figures)) log(`\n${name}\n${table(rows)}`);
    return 0;
  }
  const alerts = firingAlerts(figures);
  for (const a of alerts) log(`ALERT ${a}`);
  if (alerts.length === 0) log(`ok: no alert on ${dataset} over the last ${args.sinceHours} h`);
  return alerts.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(`metrics: ${err.message}`);
      process.exit(2);
    },
  );
}
