import { SESSION_STATUSES } from "./session-vocabulary";
import { ANY_SESSION_TYPE } from "./sessions";
/**
 * Service-wide user figures for the admin analytics endpoint. One aggregate
 * query for the counts and one GROUP BY for countries; both read the users
 * table once (plus an indexed probe of the ledger per user for activity).
 */
export interface UserAnalyticsRow {
  total: number;
  active: number;
  new_users: number;
  cohort: number;
  retained: number;
  basic: number;
  professional: number;
  enterprise: number;
}

/**
 * Active in the period: signed in, or created a (paid) session, since `since`: a seek into each
 * (type, status) range of sessions_user_type_status_created_idx, every type and status named.
 */
const ACTIVE = `(u.last_login >= ?1 OR EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.${ANY_SESSION_TYPE}
  AND s.status IN (${SESSION_STATUSES.map((st) => `'${st}'`).join(", ")}) AND s.created_at >= ?1))`;

export async function userAnalytics(d1: D1Database, since: string, tier: string | null): Promise<UserAnalyticsRow> {
  const row = await d1
    .prepare(
      `SELECT COUNT(*) AS total,
              COALESCE(SUM(CASE WHEN ${ACTIVE} THEN 1 ELSE 0 END), 0) AS active,
              COALESCE(SUM(CASE WHEN u.created_at >= ?1 THEN 1 ELSE 0 END), 0) AS new_users,
              COALESCE(SUM(CASE WHEN u.created_at < ?1 THEN 1 ELSE 0 END), 0) AS cohort,
              COALESCE(SUM(CASE WHEN u.created_at < ?1 AND ${ACTIVE} THEN 1 ELSE 0 END), 0) AS retained,
              COALESCE(SUM(CASE WHEN u.tier = 'basic' THEN 1 ELSE 0 END), 0) AS basic,
              COALESCE(SUM(CASE WHEN u.tier = 'professional' THEN 1 ELSE 0 END), 0) AS professional,
              COALESCE(SUM(CASE WHEN u.tier = 'enterprise' THEN 1 ELSE 0 END), 0) AS enterprise
         FROM users u
        WHERE (?2 IS NULL OR u.tier = ?2)`,
    )
    .bind(since, tier)
    .first<UserAnalyticsRow>();
  return row!;
}

export async function usersByCountry(
  d1: D1Database,
  tier: string | null,
): Promise<Array<{ country: string; users: number }>> {
  const { results } = await d1
    .prepare(
      `SELECT country, COUNT(*) AS users FROM users WHERE (?1 IS NULL OR tier = ?1) GROUP BY country ORDER BY users DESC, country ASC`,
    )
    .bind(tier)
    .all<{ country: string; users: number }>();
  return results;
}
