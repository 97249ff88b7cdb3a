/**
 * Aggregates over a user's sessions for GET /users/me/stats and the User
 * resource's usage_stats, read from the trigger-kept rollups
 * (session_counts, session_daily) rather than the sessions themselves.
 */
export interface DayAggregate {
  day: string;
  n: number;
  credits: number;
  completed_confidence_sum: number;
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  cancelled: number;
  remote_viewing: number;
  dowsing: number;
  precognition: number;
  intuitive_analysis: number;
}

/**
 * Per-day aggregates in [from, to) — both day-aligned ISO times — read from
 * session_daily (kept by triggers): one row per active day, however many
 * sessions it had.
 */
export async function aggregatesBetween(
  d1: D1Database,
  userId: string,
  fromIso: string,
  toIso: string,
): Promise<DayAggregate[]> {
  const { results } = await d1
    .prepare(
      `SELECT day, n, credits, completed_confidence_sum, pending, processing, completed, failed, cancelled,
              remote_viewing, dowsing, precognition, intuitive_analysis
         FROM session_daily
        WHERE user_id = ?1 AND day >= ?2 AND day < ?3 AND n > 0`,
    )
    .bind(userId, fromIso.slice(0, 10), toIso.slice(0, 10))
    .all<DayAggregate>();
  return results;
}

export interface UsageCounts {
  total: number;
  since: number;
  completed: number;
  failed: number;
}

/** Lifetime and since-`sinceIso` (a day boundary) counts, from the rollups. */
export async function usageCounts(d1: D1Database, userId: string, sinceIso: string): Promise<UsageCounts> {
  const [lifetime, recent] = await d1.batch([
    d1
      .prepare(
        `SELECT COALESCE(SUM(n), 0) AS total, COALESCE(SUM(CASE WHEN status = 'completed' THEN n END), 0) AS completed,
                COALESCE(SUM(CASE WHEN status = 'failed' THEN n END), 0) AS failed
           FROM session_counts WHERE user_id = ?1`,
      )
      .bind(userId),
    d1
      .prepare(`SELECT COALESCE(SUM(n), 0) AS since FROM session_daily WHERE user_id = ?1 AND day >= ?2`)
      .bind(userId, sinceIso.slice(0, 10)),
  ]);
  const l = (lifetime?.results[0] ?? {}) as Partial<UsageCounts>;
  const r = (recent?.results[0] ?? {}) as { since?: number };
  return { total: l.total ?? 0, since: r.since ?? 0, completed: l.completed ?? 0, failed: l.failed ?? 0 };
}
