/**
 * Aggregates over a user's sessions for GET /users/me/stats and the User
 * resource's usage_stats. Both filter on (user_id, created_at), which
 * sessions_user_created_idx covers.
 */
export interface DayAggregate {
  day: string;
  status: string;
  session_type: string;
  n: number;
  credits: number;
  confidence_sum: number | null;
}

export async function aggregatesBetween(d1: D1Database, userId: string, fromIso: string, toIso: string): Promise<DayAggregate[]> {
  const { results } = await d1
    .prepare(
      `SELECT substr(created_at, 1, 10) AS day, status, session_type, COUNT(*) AS n,
              SUM(credits_used) AS credits, SUM(confidence_score) AS confidence_sum
         FROM sessions
        WHERE user_id = ?1 AND created_at >= ?2 AND created_at < ?3
        GROUP BY day, status, session_type`,
    )
    .bind(userId, fromIso, toIso)
    .all<DayAggregate>();
  return results;
}

export interface UsageCounts {
  total: number;
  since: number;
  completed: number;
  failed: number;
}

export async function usageCounts(d1: D1Database, userId: string, sinceIso: string): Promise<UsageCounts> {
  const row = await d1
    .prepare(
      `SELECT COUNT(*) AS total, COALESCE(SUM(created_at >= ?2), 0) AS since,
              COALESCE(SUM(status = 'completed'), 0) AS completed, COALESCE(SUM(status = 'failed'), 0) AS failed
         FROM sessions WHERE user_id = ?1`,
    )
    .bind(userId, sinceIso)
    .first<UsageCounts>();
  return row ?? { total: 0, since: 0, completed: 0, failed: 0 };
}
