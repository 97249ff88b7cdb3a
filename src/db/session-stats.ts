import { ANY_SESSION_TYPE } from "./sessions";
import { readTogether } from "./store";

/**
 * Aggregates over a user's sessions for GET /users/me/stats and the User
 * resource's usage_stats, read from the trigger-kept rollups
 * (session_counts, session_monthly) rather than the sessions
 * themselves. session_counts holds ended sessions only; the pending and
 * processing ones, at most the concurrency cap, are counted from the sessions.
 */
const TOTAL_COLUMNS = [
  "n",
  "credits",
  "completed_confidence_sum",
  "pending",
  "processing",
  "completed",
  "failed",
  "cancelled",
  "remote_viewing",
  "dowsing",
  "precognition",
  "intuitive_analysis",
] as const;
const COLUMNS = TOTAL_COLUMNS.join(", ");
const DAY_COLUMNS = TOTAL_COLUMNS.map((c) => `day_${c}`).join(", ");

type Totals = Record<(typeof TOTAL_COLUMNS)[number], number>;

export interface RangeAggregate {
  totals: Totals;
  /** Days in the range with sessions (YYYY-MM-DD), in no particular order. */
  days: Array<{ day: string; n: number; credits: number }>;
}

const zero = (): Totals => Object.fromEntries(TOTAL_COLUMNS.map((c) => [c, 0])) as Totals;
const addInto = (into: Totals, row: Totals, sign: 1 | -1) => {
  for (const c of TOTAL_COLUMNS) into[c] += sign * row[c];
};

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** The first day of the month after `day`'s. */
const nextMonth = (day: string) => {
  const d = new Date(msOf(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};
export const daysBetween = (from: string, to: string) => Math.max(0, Math.round((msOf(to) - msOf(from)) / DAY_MS));

/** Ranges up to this many days read per-day rows where a store keeps them (api-usage.ts); longer ones read months. */
export const DAILY_ONLY_DAYS = 31;

/** The first and last months (YYYY-MM) that days in [fromDay, toDay) fall in. */
export const monthsOfRange = (fromDay: string, toDay: string) => ({
  first: fromDay.slice(0, 7),
  last: dayOf(msOf(toDay) - DAY_MS).slice(0, 7),
});

/**
 * The days of `month` (YYYY-MM) inside [fromDay, toDay) with the entry of a
 * monthly rollup's 31-entry per-day array (index = day of month − 1).
 */
export function* daysOfMonth(month: string, fromDay: string, toDay: string): Generator<[day: string, index: number]> {
  for (let i = 0; i < 31; i++) {
    const day = `${month}-${String(i + 1).padStart(2, "0")}`;
    if (day >= fromDay && day < toDay) yield [day, i];
  }
}

/** A monthly rollup row as read: the totals, and each total's 31-entry per-day array (JSON). */
type MonthRow = Totals & { month: string } & Record<`day_${(typeof TOTAL_COLUMNS)[number]}`, string>;

/**
 * Totals and per-day counts for days in [fromDay, toDay) (YYYY-MM-DD; toDay
 * exclusive), from the months they touch in session_monthly alone: a month
 * inside the range adds its totals; a month the range cuts adds the entries
 * of its per-day arrays for the days inside. A year reads at most 13 rows, a
 * range of up to 31 days at most 2, however many sessions.
 */
export async function aggregatesBetween(
  d1: D1Database,
  userId: string,
  fromDay: string,
  toDay: string,
): Promise<RangeAggregate> {
  const totals = zero();
  const days: RangeAggregate["days"] = [];
  if (daysBetween(fromDay, toDay) === 0) return { totals, days };
  const span = monthsOfRange(fromDay, toDay);
  const { results } = await d1
    .prepare(
      `SELECT month, ${COLUMNS}, ${DAY_COLUMNS} FROM session_monthly WHERE user_id = ?1 AND month >= ?2 AND month <= ?3 AND n <> 0`,
    )
    .bind(userId, span.first, span.last)
    .all<MonthRow>();
  for (const m of results) {
    const perDay = Object.fromEntries(TOTAL_COLUMNS.map((c) => [c, JSON.parse(m[`day_${c}`]) as number[]])) as Record<
      (typeof TOTAL_COLUMNS)[number],
      number[]
    >;
    const inside = [...daysOfMonth(m.month, fromDay, toDay)];
    const whole = `${m.month}-01` >= fromDay && nextMonth(`${m.month}-01`) <= toDay;
    if (whole) addInto(totals, m, 1);
    for (const [day, i] of inside) {
      if (!whole) for (const c of TOTAL_COLUMNS) totals[c] += perDay[c][i] ?? 0;
      if (perDay.n[i] || perDay.credits[i]) days.push({ day, n: perDay.n[i] ?? 0, credits: perDay.credits[i] ?? 0 });
    }
  }
  return { totals, days };
}

export interface UsageCounts {
  total: number;
  since: number;
  completed: number;
  failed: number;
}

/** Lifetime counts, and the count of sessions created in `month` (YYYY-MM), from the rollups. */
export async function usageCounts(d1: D1Database, userId: string, month: string): Promise<UsageCounts> {
  const [lifetime, recent] = await readTogether(d1, [
    d1
      .prepare(
        // session_counts holds ended sessions; the pending and processing ones (at most the cap) are counted directly.
        `SELECT COALESCE(SUM(n), 0)
                  + (SELECT COUNT(*) FROM sessions WHERE user_id = ?1 AND ${ANY_SESSION_TYPE} AND status IN ('pending', 'processing') AND organization_id IS NULL)
                  AS total,
                COALESCE(SUM(CASE WHEN status = 'completed' THEN n END), 0) AS completed,
                COALESCE(SUM(CASE WHEN status = 'failed' THEN n END), 0) AS failed
           FROM session_counts WHERE user_id = ?1`,
      )
      .bind(userId),
    d1.prepare("SELECT n AS since FROM session_monthly WHERE user_id = ?1 AND month = ?2").bind(userId, month),
  ]);
  const l = (lifetime?.results[0] ?? {}) as Partial<UsageCounts>;
  const r = (recent?.results[0] ?? {}) as { since?: number };
  return { total: l.total ?? 0, since: r.since ?? 0, completed: l.completed ?? 0, failed: l.failed ?? 0 };
}
