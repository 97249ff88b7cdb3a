import { utcDate } from "../lib/clock";
import { CoalescingCounter } from "../lib/coalescing-counter";
import { DAILY_ONLY_DAYS, daysBetween, daysOfMonth, monthsOfRange } from "./session-stats";

/**
 * Authenticated API calls per user per UTC day, in D1 (an atomic upsert;
 * KV's read-modify-write is not atomic). Calls are coalesced in the isolate
 * and written at most once a second per (user, day) — never a D1 write per
 * request on the hot path.
 */
const FLUSH_MS = 1_000;
const counters = new WeakMap<D1Database, CoalescingCounter>();
const keyOf = (userId: string, day: string) => `${userId}|${day}`;

function counterFor(d1: D1Database): CoalescingCounter {
  let counter = counters.get(d1);
  if (!counter) {
    counter = new CoalescingCounter(FLUSH_MS, async (key, calls) => {
      const [userId, day] = key.split("|");
      await d1
        .prepare(
          "INSERT INTO api_usage_daily (user_id, day, calls) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, day) DO UPDATE SET calls = calls + excluded.calls",
        )
        .bind(userId, day, calls)
        .run();
    });
    counters.set(d1, counter);
  }
  return counter;
}

export function countApiCall(
  d1: D1Database,
  userId: string,
  day: string,
  waitUntil: (p: Promise<unknown>) => void,
): void {
  counterFor(d1).add(keyOf(userId, day), 1, waitUntil);
}

/** Calls this isolate has counted for the user's day but not yet written. */
function unwrittenApiCalls(d1: D1Database, userId: string, day: string): number {
  return counterFor(d1).unwritten(keyOf(userId, day));
}

/** Calls in [fromDay, toDay) (YYYY-MM-DD). */
export async function apiCallsBetween(d1: D1Database, userId: string, fromDay: string, toDay: string): Promise<number> {
  const row = await d1
    .prepare(
      "SELECT COALESCE(SUM(calls), 0) AS calls FROM api_usage_daily WHERE user_id = ?1 AND day >= ?2 AND day < ?3",
    )
    .bind(userId, fromDay, toDay)
    .first<{ calls: number }>();
  // Read-your-writes: add what this isolate has counted today but not yet written.
  const today = utcDate(Date.now());
  const pending = today >= fromDay && today < toDay ? unwrittenApiCalls(d1, userId, today) : 0;
  return (row?.calls ?? 0) + pending;
}

/**
 * Calls per day in [fromDay, toDay) (YYYY-MM-DD); days without calls are
 * absent. Short ranges read api_usage_daily (at most 31 rows); longer ones
 * read the months they touch from api_usage_monthly (kept by triggers), a
 * year 13 rows. The per-day arrays give each day exactly, so unlike the
 * session totals (aggregatesBetween) a month the range cuts needs no
 * correction from the daily rows: its days outside the range are skipped.
 */
export async function apiCallsByDay(
  d1: D1Database,
  userId: string,
  fromDay: string,
  toDay: string,
): Promise<Map<string, number>> {
  const byDay = new Map<string, number>();
  if (daysBetween(fromDay, toDay) <= DAILY_ONLY_DAYS) {
    const { results } = await d1
      .prepare("SELECT day, calls FROM api_usage_daily WHERE user_id = ?1 AND day >= ?2 AND day < ?3")
      .bind(userId, fromDay, toDay)
      .all<{ day: string; calls: number }>();
    for (const r of results) byDay.set(r.day, r.calls);
  } else {
    const span = monthsOfRange(fromDay, toDay);
    const { results } = await d1
      .prepare(
        "SELECT month, day_calls FROM api_usage_monthly WHERE user_id = ?1 AND month >= ?2 AND month <= ?3 AND calls <> 0",
      )
      .bind(userId, span.first, span.last)
      .all<{ month: string; day_calls: string }>();
    for (const m of results) {
      const calls = JSON.parse(m.day_calls) as number[];
      for (const [day, i] of daysOfMonth(m.month, fromDay, toDay)) if (calls[i]) byDay.set(day, calls[i]);
    }
  }
  const today = utcDate(Date.now());
  const pending = today >= fromDay && today < toDay ? unwrittenApiCalls(d1, userId, today) : 0;
  if (pending > 0) byDay.set(today, (byDay.get(today) ?? 0) + pending);
  return byDay;
}
