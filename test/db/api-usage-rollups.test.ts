import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiCallsByDay } from "../../src/db/api-usage";
import { registerUser } from "../support/factories";
import { seedApiUsage } from "../support/seed";

/**
 * api_usage_monthly, kept by triggers from api_usage_daily, must always equal
 * the daily rows summed per month (total and per-day array), whatever upserts,
 * updates and deletes happened; and a range's calls per day read through the
 * months must equal the daily rows in that range.
 */
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The usage counter's flush (src/db/api-usage.ts), verbatim. */
const UPSERT =
  "INSERT INTO api_usage_daily (user_id, day, calls) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, day) DO UPDATE SET calls = calls + excluded.calls";

async function dailyOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT day, calls FROM api_usage_daily WHERE user_id = ? AND calls <> 0 ORDER BY day",
  )
    .bind(userId)
    .all<{ day: string; calls: number }>();
  return results;
}

function monthsOf(daily: Array<{ day: string; calls: number }>) {
  const months = new Map<string, { month: string; calls: number; day_calls: number[] }>();
  for (const d of daily) {
    const month = d.day.slice(0, 7);
    const m = months.get(month) ?? months.set(month, { month, calls: 0, day_calls: Array(31).fill(0) }).get(month)!;
    m.calls += d.calls;
    m.day_calls[Number(d.day.slice(8, 10)) - 1] = d.calls;
  }
  return [...months.values()];
}

async function monthlyOf(userId: string) {
  const { results } = await env.DB.prepare(
    "SELECT month, calls, day_calls FROM api_usage_monthly WHERE user_id = ? AND calls <> 0 ORDER BY month",
  )
    .bind(userId)
    .all<{ month: string; calls: number; day_calls: string }>();
  return results.map((m) => ({ ...m, day_calls: JSON.parse(m.day_calls) as number[] }));
}

describe("api usage monthly rollup", () => {
  it("equals the daily rows per month, and a range's calls per day read through the months equal the days'", async () => {
    const u = await registerUser();
    const today = Math.floor(Date.now() / DAY) * DAY;
    const write = fc.record({
      daysAgo: fc.integer({ min: 0, max: 420 }),
      calls: fc.integer({ min: 1, max: 500 }),
      how: fc.constantFrom("upsert", "upsert", "upsert", "set", "delete"),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 420 }),
        fc.integer({ min: 1, max: 366 }),
        async (writes, endAgo, span) => {
          for (const w of writes) {
            const d = day(today - w.daysAgo * DAY);
            const stmt =
              w.how === "upsert"
                ? env.DB.prepare(UPSERT).bind(u.id, d, w.calls)
                : w.how === "set"
                  ? env.DB.prepare("UPDATE api_usage_daily SET calls = ?3 WHERE user_id = ?1 AND day = ?2").bind(
                      u.id,
                      d,
                      w.calls,
                    )
                  : env.DB.prepare("DELETE FROM api_usage_daily WHERE user_id = ?1 AND day = ?2").bind(u.id, d);
            await stmt.run();
          }
          const daily = await dailyOf(u.id);
          expect(await monthlyOf(u.id)).toEqual(monthsOf(daily));

          const to = today + DAY - endAgo * DAY;
          const from = to - span * DAY;
          const byDay = await apiCallsByDay(env.DB, u.id, day(from), day(to));
          const expected = daily.filter((d) => d.day >= day(from) && d.day < day(to)).map((d) => [d.day, d.calls]);
          expect([...byDay].sort(([a], [b]) => a.localeCompare(b))).toEqual(expected);
        },
      ),
      { numRuns: 40, seed: 15 },
    );
  });

  it("stays exact under the bench's bulk seed of a year of calls", async () => {
    const u = await registerUser();
    await seedApiUsage(env.DB, u.id, 366);
    const daily = await dailyOf(u.id);
    expect(daily).toHaveLength(366);
    expect(await monthlyOf(u.id)).toEqual(monthsOf(daily));
  });

  it("backfills api_usage_monthly from api_usage_daily exactly as the triggers keep it", async () => {
    const u = await registerUser();
    for (const [d, calls] of [
      ["2026-01-31", 3],
      ["2026-02-01", 5],
      ["2026-02-28", 7],
    ] as const)
      await env.DB.prepare(UPSERT).bind(u.id, d, calls).run();
    const kept = await env.DB.prepare("SELECT * FROM api_usage_monthly WHERE calls <> 0 ORDER BY user_id, month").all();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_api_usage_monthly_data.sql"))!;
    const backfill = migration.queries.find(
      (q) => q.includes("INSERT INTO api_usage_monthly") && q.includes("FROM api_usage_daily GROUP BY"),
    )!;
    await env.DB.batch([env.DB.prepare("DELETE FROM api_usage_monthly"), env.DB.prepare(backfill)]);
    const filled = await env.DB.prepare(
      "SELECT * FROM api_usage_monthly WHERE calls <> 0 ORDER BY user_id, month",
    ).all();
    expect(kept.results.length).toBeGreaterThanOrEqual(2);
    expect(filled.results).toEqual(kept.results);
  });
});
