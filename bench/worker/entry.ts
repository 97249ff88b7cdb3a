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
 * - POST /__bench/seed-sessions?user_id=&count=&days=&id_base=: bulk rows (bench/worker/seed.ts).
 * - POST /__bench/seed-api-usage?user_id=&days=: API calls on each of the last
 *   `days` days (bench/worker/seed.ts).
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

import { ANY_SESSION_TYPE, findSessionState } from "../../src/db/sessions";
import type { Bindings } from "../../src/env";
import worker from "../../src/index";
import { type D1Usage, meteredD1 } from "./d1-meter";
import { seedApiUsage, seedSessions, setCredits } from "./seed";

export { BillingClock } from "../../src/durable-objects/billing-clock/billing-clock";
export { SessionRoom } from "../../src/durable-objects/session-room/session-room";
export { SessionScheduler } from "../../src/durable-objects/session-scheduler/session-scheduler";

/** The headers /__bench/d1-session-answer answers with (this isolate's; the bench runs one). */
let answerHeaders: [string, string][] = [];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

export default {
  async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
    // The wrapper's own work (the URL, the two control headers) comes first for every request, so the
    // baselines pay it as the app's requests do and the ratios compare the app with a raw handler.
    const url = new URL(request.url);
    const timeScale = request.headers.get("x-bench-time-scale");
    const metered = request.headers.get("x-bench-meter") === "1";
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
      const res = json({ success: true, data: await findSessionState(env.DB, decodeURIComponent(sessionRead[2]!)) });
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
        return new Response(
          JSON.stringify({ success: false, error: { code: "DATABASE_ERROR", message: String(err) } }),
          { status: 500 },
        );
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
    if (timeScale) env = { ...env, ANALYSIS_TIME_SCALE: timeScale };
    if (metered) {
      const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
      const res = await worker.fetch(request, { ...env, DB: meteredD1(env.DB, usage) }, ctx);
      const out = new Response(res.body, res);
      out.headers.set("X-D1-Rows-Read", String(usage.rowsRead));
      out.headers.set("X-D1-Rows-Written", String(usage.rowsWritten));
      out.headers.set("X-D1-Queries", String(usage.queries));
      return out;
    }
    return worker.fetch(request, env, ctx);
  },
  queue: worker.queue,
  scheduled: worker.scheduled,
} satisfies ExportedHandler<Bindings>;
