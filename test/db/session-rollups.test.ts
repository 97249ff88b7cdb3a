import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregatesBetween } from "../../src/db/session-stats";
import { type D1Usage, meteredD1 } from "../support/d1-meter";
import { registerUser } from "../support/factories";
import { api, apiWithEnv } from "../support/http";
import { completedSession, heldSession, stepRoom, topUp } from "../support/sessions";

/**
 * The trigger-kept rollups (session_counts of ended sessions, session_monthly with
 * its per-day arrays) must always equal aggregates computed from the sessions themselves,
 * whatever sequence of creations, completions, cancellations and failures
 * happened; and a range read through the months must equal the sessions
 * created in that range.
 */
const TYPES = ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"] as const;
const STATUSES = ["pending", "processing", "completed", "failed", "cancelled"] as const;
const op = fc.record({
  type: fc.constantFrom(...TYPES),
  end: fc.constantFrom("complete", "cancel-pending", "cancel-processing", "fail", "leave-pending"),
});

async function direct(userId: string) {
  const counts = await env.DB.prepare(
    // session_counts keeps ended sessions only (pending and processing ones are counted from the sessions).
    "SELECT session_type, status, COUNT(*) AS n FROM sessions WHERE user_id = ? AND status NOT IN ('pending', 'processing') GROUP BY session_type, status ORDER BY session_type, status",
  )
    .bind(userId)
    .all();
  const daily = await env.DB.prepare(
    `SELECT substr(created_at, 1, 10) AS day, COUNT(*) AS n, SUM(credits_used) AS credits,
            ROUND(COALESCE(SUM(CASE WHEN status = 'completed' THEN confidence_score END), 0), 6) AS completed_confidence_sum,
            ${STATUSES.map((st) => `SUM(status = '${st}') AS ${st}`).join(", ")},
            ${TYPES.map((t) => `SUM(session_type = '${t}') AS ${t}`).join(", ")}
       FROM sessions WHERE user_id = ? GROUP BY day ORDER BY day`,
  )
    .bind(userId)
    .all();
  return { counts: counts.results, daily: daily.results, monthly: monthsOf(daily.results as DailyRow[]) };
}

type DailyRow = Record<string, number> & { day: string };

/** The monthly rollup rows implied by daily aggregates: summed totals and each total's per-day array. */
function monthsOf(daily: DailyRow[]) {
  const months = new Map<string, Record<string, unknown>>();
  for (const d of daily) {
    const month = d.day.slice(0, 7);
    const m = (months.get(month) ??
      months
        .set(month, {
          month,
          ...Object.fromEntries(COLUMNS.map((c) => [c, 0])),
          ...Object.fromEntries(COLUMNS.map((c) => [`day_${c}`, Array(31).fill(0)])),
        })
        .get(month)!) as Record<string, number | number[]>;
    const i = Number(d.day.slice(8, 10)) - 1;
    for (const c of COLUMNS) {
      m[c] = round6((m[c] as number) + d[c]!);
      (m[`day_${c}`] as number[])[i] = round6(d[c] ?? 0);
    }
  }
  return [...months.values()];
}

const COLUMNS = ["n", "credits", "completed_confidence_sum", ...STATUSES, ...TYPES];
const DAY_COLUMNS = COLUMNS.map((c) => `day_${c}`);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** A monthly row as read, its JSON arrays parsed and its real sums rounded. */
const parsedMonth = (m: Record<string, unknown>) => ({
  ...m,
  completed_confidence_sum: round6(m.completed_confidence_sum as number),
  ...Object.fromEntries(DAY_COLUMNS.map((c) => [c, (JSON.parse(m[c] as string) as number[]).map(round6)])),
});

/** The days of monthly rows, as the daily aggregates they hold (days with sessions). */
function daysOf(monthly: Array<Record<string, any>>) {
  const days: Array<Record<string, unknown>> = [];
  for (const m of monthly)
    for (let i = 0; i < 31; i++)
      if (m.day_n[i] !== 0)
        days.push({
          day: `${m.month}-${String(i + 1).padStart(2, "0")}`,
          ...Object.fromEntries(COLUMNS.map((c) => [c, m[`day_${c}`][i]])),
        });
  return days;
}

async function rolled(userId: string) {
  const counts = await env.DB.prepare(
    "SELECT session_type, status, n FROM session_counts WHERE user_id = ? AND n <> 0 ORDER BY session_type, status",
  )
    .bind(userId)
    .all();
  const monthly = await env.DB.prepare(
    `SELECT month, ${COLUMNS.join(", ")}, ${DAY_COLUMNS.join(", ")} FROM session_monthly WHERE user_id = ? AND n <> 0 ORDER BY month`,
  )
    .bind(userId)
    .all<Record<string, unknown>>();
  const months = monthly.results.map(parsedMonth);
  return { counts: counts.results, daily: daysOf(months), monthly: months };
}

describe("session rollups", () => {
  // Up to 36 session lives through their rooms: seconds alone, more than the default 20 s beside the e2e suite.
  it("equal the direct aggregates after any sequence of session lives", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), async (ops) => {
        // Enterprise for its concurrency cap; its trial grants basic's credits, so top up.
        const u = await registerUser({ tier: "enterprise" });
        await topUp(u.id, 10_000);
        for (const { type, end } of ops) {
          const cue = end === "fail" ? "Describe it [[fail:deep_analysis]]" : "Describe it";
          if (end === "complete" || end === "fail") {
            await completedSession(u.token, { session_type: type, cue });
            continue;
          }
          const s = await heldSession(u.token, { session_type: type });
          if (end === "cancel-processing") await stepRoom(s.id);
          // biome-ignore-start lint/nursery/noConditionalExpect: each drawn ending asserts its own cancellation; the rollup check below runs for every draw
          if (end.startsWith("cancel"))
            expect((await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token })).status).toBe(200);
          // biome-ignore-end lint/nursery/noConditionalExpect: each drawn ending asserts its own cancellation; the rollup check below runs for every draw
        }
        expect(await rolled(u.id)).toEqual(await direct(u.id));
      }),
      { numRuns: 6, seed: 7 },
    );
  }, 60_000);

  it("equal the direct aggregates over many days and months, and a range read through the months", async () => {
    const u = await registerUser({ tier: "enterprise" });
    const now = Date.parse("2026-11-23T15:00:00Z");
    const DAY = 86_400_000;
    let seq = 0;
    const session = fc.record({
      type: fc.constantFrom(...TYPES),
      status: fc.constantFrom(...STATUSES),
      daysAgo: fc.integer({ min: 0, max: 420 }),
      credits: fc.integer({ min: 1, max: 50 }),
      confidence: fc.integer({ min: 50, max: 99 }),
      later: fc.constantFrom("keep", "complete", "cancel", "delete"),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(session, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 0, max: 420 }),
        fc.integer({ min: 1, max: 366 }),
        async (rows, endAgo, span) => {
          const ids: string[] = [];
          for (const r of rows) {
            const id = `session_rollup_${++seq}`;
            ids.push(id);
            const at = new Date(now - r.daysAgo * DAY - (seq % 7) * 3_600_000).toISOString();
            await env.DB.prepare(
              `INSERT INTO sessions (id, user_id, cue, session_type, status, requested_duration, confidence_threshold, analysis_types,
                                     priority, tags, credits_required, credits_used, confidence_score, analysis_id, created_at,
                                     estimated_completion, updated_at)
               VALUES (?1, ?2, 'cue', ?3, ?4, 30, 0.5, '[]', 'normal', '[]', ?5, ?5, ?6, ?1, ?7, ?7, ?7)`,
            )
              .bind(id, u.id, r.type, r.status, r.credits, r.status === "completed" ? r.confidence / 100 : null, at)
              .run();
          }
          for (const [i, r] of rows.entries()) {
            if (r.later === "complete")
              await env.DB.prepare("UPDATE sessions SET status = 'completed', confidence_score = 0.75 WHERE id = ?")
                .bind(ids[i])
                .run();
            else if (r.later === "cancel")
              await env.DB.prepare("UPDATE sessions SET status = 'cancelled', credits_used = 0 WHERE id = ?")
                .bind(ids[i])
                .run();
            else if (r.later === "delete") await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(ids[i]).run();
          }
          expect(await rolled(u.id)).toEqual(await direct(u.id));

          const to = Math.floor(now / DAY) * DAY + DAY - endAgo * DAY;
          const from = to - span * DAY;
          const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
          const range = await aggregatesBetween(env.DB, u.id, day(from), day(to));
          const inRange = (await direct(u.id)).daily.filter(
            (d) => (d.day as string) >= day(from) && (d.day as string) < day(to),
          ) as DailyRow[];
          const expected = Object.fromEntries(
            COLUMNS.map((c) => [c, round6(inRange.reduce((sum, d) => sum + d[c]!, 0))]),
          );
          expect(
            Object.fromEntries(COLUMNS.map((c) => [c, round6(range.totals[c as keyof typeof range.totals])])),
          ).toEqual(expected);
          expect(range.days.sort((a, b) => a.day.localeCompare(b.day))).toEqual(
            inRange.map((d) => ({ day: d.day, n: d.n, credits: d.credits })),
          );
        },
      ),
      { numRuns: 25, seed: 11 },
    );
  });

  it("migrations monthly_rollup_days_data and drop_session_daily, on populated data: the per-day arrays filled from the daily rows equal what the triggers keep", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 10_000);
    await completedSession(u.token, { session_type: "dowsing" });
    await heldSession(u.token, { session_type: "precognition" });
    const monthly = async () =>
      (await env.DB.prepare("SELECT * FROM session_monthly ORDER BY user_id, month").all()).results.map(parsedMonth);
    const kept = await monthly();
    expect(kept.length).toBeGreaterThan(0);
    // session_daily as it stood before (the triggers kept it equal to these aggregates), and the
    // new arrays as the column migration left them, then the two migrations' own statements.
    const create = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_session_rollups.sql"))!.queries.find((q) =>
      q.includes("CREATE TABLE `session_daily`"),
    )!;
    const migrations = ["_monthly_rollup_days_data.sql", "_drop_session_daily.sql"].flatMap(
      (suffix) => env.TEST_MIGRATIONS.find((m) => m.name.endsWith(suffix))!.queries,
    );
    await env.DB.batch([
      env.DB.prepare(create),
      env.DB.prepare(
        `INSERT INTO session_daily (user_id, day, ${COLUMNS.join(", ")})
         SELECT COALESCE(organization_id, user_id), substr(created_at, 1, 10), COUNT(*), SUM(credits_used),
                COALESCE(SUM(CASE WHEN status = 'completed' THEN confidence_score END), 0),
                ${STATUSES.map((st) => `SUM(status = '${st}')`).join(", ")}, ${TYPES.map((t) => `SUM(session_type = '${t}')`).join(", ")}
           FROM sessions GROUP BY COALESCE(organization_id, user_id), substr(created_at, 1, 10)`,
      ),
      env.DB.prepare(
        `UPDATE session_monthly SET ${DAY_COLUMNS.slice(2)
          .map((c) => `${c} = '[${Array(31).fill(0).join(",")}]'`)
          .join(", ")}`,
      ),
      ...migrations.map((q) => env.DB.prepare(q)),
    ]);
    expect(await monthly()).toEqual(kept);
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'session_daily'").all();
    expect(tables.results).toEqual([]);
    // The recreated triggers still keep the rollups.
    await completedSession(u.token, { session_type: "remote_viewing" });
    expect(await rolled(u.id)).toEqual(await direct(u.id));
  });

  it("a year of stats reads its 13 monthly rows, a range of up to 31 days its one or two (D1 also counts the row that ends the range scan)", async () => {
    const u = await registerUser({ tier: "enterprise" });
    const DAY = 86_400_000;
    const start = Date.parse("2025-11-10T12:00:00Z");
    for (let i = 0; i < 400; i += 3)
      await env.DB.prepare(
        `INSERT INTO sessions (id, user_id, cue, session_type, status, requested_duration, confidence_threshold, analysis_types,
                               priority, tags, credits_required, credits_used, analysis_id, created_at, estimated_completion, updated_at)
         VALUES (?1, ?2, 'cue', 'dowsing', 'failed', 30, 0.5, '[]', 'normal', '[]', 3, 3, ?1, ?3, ?3, ?3)`,
      )
        .bind(`session_year_${u.id}_${i}`, u.id, new Date(start + i * DAY).toISOString())
        .run();
    const read = async (from: string, to: string) => {
      const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
      const range = await aggregatesBetween(meteredD1(env.DB, usage), u.id, from, to);
      return { rows: usage.rowsRead, n: range.totals.n };
    };
    const created = Array.from({ length: 134 }, (_, k) => new Date(start + 3 * k * DAY).toISOString().slice(0, 10));
    const inYear = created.filter((d) => d >= "2025-12-17" && d < "2026-12-17").length;
    expect(await read("2025-12-17", "2026-12-17")).toEqual({ rows: 13, n: inYear });
    expect((await read("2026-03-20", "2026-04-19")).rows).toBe(2 + 1);

    // The whole stats request for a year (the issue's bound: 40 D1 rows read), whatever today's date.
    const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const res = await apiWithEnv({ DB: meteredD1(env.DB, usage) }, "GET", "/v1/users/me/stats?period=year", {
      token: u.token,
    });
    expect(res.status).toBe(200);
    expect(usage.rowsRead).toBeLessThanOrEqual(40);
  });

  it("serve the list total and the stats without reading every session", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 10_000);
    for (let i = 0; i < 3; i++) await completedSession(u.token, { session_type: "dowsing" });
    const list = await api("GET", "/v1/sessions?session_type=dowsing&limit=1", { token: u.token });
    expect(list.body.data.pagination).toMatchObject({ total: 3, limit: 1, has_more: true });
    const stats = await api("GET", "/v1/users/me/stats?period=day", { token: u.token });
    expect(stats.body.data.sessions.total).toBe(3);
    expect(stats.body.data.session_types.dowsing).toBe(3);
  });
});
