/**
 * Aggregates over a user's sessions for GET /users/me/stats and the User
 * resource's usage_stats, read from the trigger-kept rollups
 * (session_counts, session_daily, session_monthly) rather than the sessions
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

export type Totals = Record<(typeof TOTAL_COLUMNS)[number], number>;

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

/** Ranges up to this many days read the daily rollup alone (at most one row per day); longer ones read months. */
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

/**
 * Totals and per-day counts for days in [fromDay, toDay) (YYYY-MM-DD; toDay
 * exclusive). Short ranges read session_daily. Longer ones read the months
 * they touch from session_monthly (totals and per-day arrays) and correct a
 * month the range cuts with the days on its cheaper side from session_daily:
 * add the days inside, or subtract the days outside from the month. Days
 * after `todayEnd` hold no sessions, so the month of today costs nothing to
 * trim. A year reads at most 13 months and 15 days.
 */
export async function aggregatesBetween(
  d1: D1Database,
  userId: string,
  fromDay: string,
  toDay: string,
  todayEnd: string = dayOf(Date.now() + DAY_MS),
): Promise<RangeAggregate> {
  const totals = zero();
  if (daysBetween(fromDay, toDay) <= DAILY_ONLY_DAYS) {
    const { results } = await d1
      .prepare(`SELECT day, ${COLUMNS} FROM session_daily WHERE user_id = ?1 AND day >= ?2 AND day < ?3 AND n <> 0`)
      .bind(userId, fromDay, toDay)
      .all<Totals & { day: string }>();
    for (const r of results) addInto(totals, r, 1);
    return { totals, days: results.map((r) => ({ day: r.day, n: r.n, credits: r.credits })) };
  }

  const lastDay = dayOf(msOf(toDay) - DAY_MS);
  const span = monthsOfRange(fromDay, toDay);
  // Each month the range cuts: read the days inside it ("add") or the days outside ("subtract").
  const cuts: Array<{ month: string; from: string; to: string; sign: 1 | -1 }> = [];
  const cut = (month: string, inside: [string, string], outside: [string, string]) => {
    const outsideCost = daysBetween(outside[0], outside[1] < todayEnd ? outside[1] : todayEnd);
    if (daysBetween(inside[0], inside[1]) <= outsideCost) cuts.push({ month, from: inside[0], to: inside[1], sign: 1 });
    else cuts.push({ month, from: outside[0], to: outside[1], sign: -1 });
  };
  const firstMonthStart = `${fromDay.slice(0, 8)}01`;
  if (fromDay !== firstMonthStart) cut(fromDay.slice(0, 7), [fromDay, nextMonth(fromDay)], [firstMonthStart, fromDay]);
  const lastMonthStart = `${lastDay.slice(0, 8)}01`;
  if (nextMonth(lastDay) !== toDay) cut(lastDay.slice(0, 7), [lastMonthStart, toDay], [toDay, nextMonth(lastDay)]);

  const [months, ...dailies] = await d1.batch<Totals & { month: string; day_n: string; day_credits: string }>([
    d1
      .prepare(
        `SELECT month, ${COLUMNS}, day_n, day_credits FROM session_monthly WHERE user_id = ?1 AND month >= ?2 AND month <= ?3 AND n <> 0`,
      )
      .bind(userId, span.first, span.last),
    ...cuts.map((c) =>
      d1
        .prepare(`SELECT ${COLUMNS} FROM session_daily WHERE user_id = ?1 AND day >= ?2 AND day < ?3 AND n <> 0`)
        .bind(userId, c.from, c.to),
    ),
  ]);
  const days: RangeAggregate["days"] = [];
  for (const m of months!.results) {
    const c = cuts.find((x) => x.month === m.month);
    if (c?.sign !== 1) addInto(totals, m, 1);
    const dayN = JSON.parse(m.day_n) as number[];
    const dayCredits = JSON.parse(m.day_credits) as number[];
    for (const [day, i] of daysOfMonth(m.month, fromDay, toDay))
      if (dayN[i] || dayCredits[i]) days.push({ day, n: dayN[i] ?? 0, credits: dayCredits[i] ?? 0 });
  }
  cuts.forEach((c, i) => {
    for (const r of dailies[i]!.results) addInto(totals, r, c.sign);
  });
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
  const [lifetime, recent] = await d1.batch([
    d1
      .prepare(
        // session_counts holds ended sessions; the pending and processing ones (at most the cap) are counted directly.
        `SELECT COALESCE(SUM(n), 0)
                  + (SELECT COUNT(*) FROM sessions WHERE user_id = ?1 AND status IN ('pending', 'processing') AND organization_id IS NULL)
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
