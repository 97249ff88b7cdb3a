/**
 * Worker entry for benchmark and development runs only (`wrangler dev --env
 * bench`): the production entry (src/index.ts) never imports this file, so
 * the baselines and the D1 meter do not ship.
 *
 * - GET /__bench/noop: does nothing — the runtime's ceiling in this worker.
 * - GET /__bench/d1/:id: one D1 read by primary key (a user's id and tier).
 * - GET /__bench/d1-session/:id: the D1 read GET /v1/sessions/{id} makes (the session by primary
 *   key, src/db/sessions.ts), answered as JSON.
 * - GET /__bench/d1-session-answer/:id: the same, answered with the response headers the API's GET
 *   answered with (PUT /__bench/answer-headers, a JSON list of [name, value], sets them): what any
 *   GET by id costs here before the app's own work, a ceiling for it.
 * - POST /__bench/seed-sessions?user_id=&count=&days=&id_base=: bulk rows (test/support/seed.ts).
 * - POST /__bench/seed-api-usage?user_id=&days=: API calls on each of the last
 *   `days` days (test/support/seed.ts).
 * - POST /__bench/credits?user_id=&credits=: set a balance, so load tests of
 *   creation are not cut short by the price.
 * - GET /__bench/active?user_id=: the user's sessions still pending or processing.
 * - Any request with `X-Bench-Time-Scale: <n>`: runs with ANALYSIS_TIME_SCALE
 *   = n, so a load of creations can make sessions whose life starts after
 *   the measurement (their CPU is then not charged to the creations).
 * - Any request with `X-Bench-Meter: 1`: runs through the real app with a
 *   metered D1 binding and reports `X-D1-Rows-Read`, `X-D1-Rows-Written` and
 *   `X-D1-Queries` for that request.
 */

import type { Bindings } from "../../src/bindings";
import { ANY_SESSION_TYPE, findSession } from "../../src/db/sessions";
import worker from "../../src/index";
import { type D1Usage, meteredD1 } from "../../test/support/d1-meter";
import { seedApiUsage, seedSessions, setCredits } from "../../test/support/seed";

export { BillingClock } from "../../src/durable-objects/billing-clock/billing-clock";
export { SessionRoom } from "../../src/durable-objects/session-room/session-room";
export { SessionScheduler } from "../../src/durable-objects/session-scheduler/session-scheduler";

/** The headers /__bench/d1-session-answer answers with (this isolate's; the bench runs one). */
let answerHeaders: [string, string][] = [];

/**
 * The bindings with ANALYSIS_TIME_SCALE replaced, one object per isolate and scale: the app keys its
 * per-isolate work on the bindings object (parsed configuration, loaded keys, the D1 session's routed
 * binding), as production's stable `env` lets it; a fresh copy per request redid all of it on every
 * creation the bench loads (a tenth of POST's JavaScript time in a profile).
 */
const scaled = new WeakMap<Bindings, Map<string, Bindings>>();
function scaledEnv(env: Bindings, timeScale: string): Bindings {
  let byScale = scaled.get(env);
  if (!byScale) {
    byScale = new Map();
    scaled.set(env, byScale);
  }
  let out = byScale.get(timeScale);
  if (!out) {
    out = { ...env, ANALYSIS_TIME_SCALE: timeScale };
    byScale.set(timeScale, out);
  }
  return out;
}

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** A /__bench/ route's answer, or undefined for any other path (the app's). */
async function benchRoute(request: Request, env: Bindings): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (url.pathname === "/__bench/noop") return json({ success: true, data: {} });
  const d1Read = /^\/__bench\/d1\/([^/]+)$/.exec(url.pathname);
  if (d1Read) {
    const row = await env.DB.prepare("SELECT id, tier FROM users WHERE id = ?")
      .bind(decodeURIComponent(d1Read[1]!))
      .first();
    return json({ success: true, data: row });
  }
  const sessionRead = /^\/__bench\/d1-session(-answer)?\/([^/]+)$/.exec(url.pathname);
  if (sessionRead) {
    const res = json({ success: true, data: await findSession(env.DB, decodeURIComponent(sessionRead[2]!)) });
    if (sessionRead[1]) for (const [name, value] of answerHeaders) res.headers.set(name, value);
    return res;
  }
  if (request.method === "PUT" && url.pathname === "/__bench/answer-headers") {
    answerHeaders = await request.json();
    return json({ success: true, data: {} });
  }
  if (request.method === "POST" && url.pathname === "/__bench/seed-sessions") {
    const q = url.searchParams;
    try {
      const written = await seedSessions(
        env.DB,
        q.get("user_id") ?? "",
        Number(q.get("count")),
        Number(q.get("days") ?? 365),
        Number(q.get("id_base")),
      );
      return json({ success: true, data: { rows_written: written } });
    } catch (err) {
      return new Response(JSON.stringify({ success: false, error: { code: "DATABASE_ERROR", message: String(err) } }), {
        status: 500,
      });
    }
  }
  if (request.method === "POST" && url.pathname === "/__bench/seed-api-usage") {
    const q = url.searchParams;
    const written = await seedApiUsage(env.DB, q.get("user_id") ?? "", Number(q.get("days") ?? 365));
    return json({ success: true, data: { rows_written: written } });
  }
  if (request.method === "POST" && url.pathname === "/__bench/credits") {
    await setCredits(env.DB, url.searchParams.get("user_id") ?? "", Number(url.searchParams.get("credits")));
    return json({ success: true, data: {} });
  }
  if (url.pathname === "/__bench/active") {
    const row = await env.DB.prepare(
      `SELECT COUNT(*) AS active FROM sessions WHERE user_id = ? AND ${ANY_SESSION_TYPE} AND status IN ('pending', 'processing')`,
    )
      .bind(url.searchParams.get("user_id") ?? "")
      .first<{ active: number }>();
    return json({ success: true, data: { active: row?.active ?? 0 } });
  }
  return undefined;
}

/** The app, run as the bench's control headers ask (a time scale, a metered D1). */
function app(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
  const timeScale = request.headers.get("x-bench-time-scale");
  if (timeScale) env = scaledEnv(env, timeScale);
  if (request.headers.get("x-bench-meter") === "1") return metered(request, env, ctx);
  return worker.fetch(request, env, ctx);
}

/** The app with a metered D1 binding, its rows read and written and queries reported in headers. */
async function metered(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
  const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
  const res = await worker.fetch(request, { ...env, DB: meteredD1(env.DB, usage) }, ctx);
  const out = new Response(res.body, res);
  out.headers.set("X-D1-Rows-Read", String(usage.rowsRead));
  out.headers.set("X-D1-Rows-Written", String(usage.rowsWritten));
  out.headers.set("X-D1-Queries", String(usage.queries));
  return out;
}

export default {
  // Only a path with /__bench/ is parsed and matched, and the app's requests are handed on without a promise
  // step of the wrapper's own: the targets divide by the bare worker (bench/bare), which has no wrapper, so
  // the URL parsed here for every request was bench cost charged to the app (5 % of GET's JavaScript self
  // time in a profile).
  fetch(request: Request, env: Bindings, ctx: ExecutionContext): Response | Promise<Response> {
    if (request.url.includes("/__bench/")) return benchRoute(request, env).then((res) => res ?? app(request, env, ctx));
    return app(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
} satisfies ExportedHandler<Bindings>;
