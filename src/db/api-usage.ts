/**
 * Authenticated API calls per user per UTC day: one atomic upsert per call
 * (D1 rather than KV, whose read-modify-write is not atomic and which allows
 * one write per key per second).
 */
export async function countApiCall(d1: D1Database, userId: string, day: string): Promise<void> {
  await d1
    .prepare("INSERT INTO api_usage_daily (user_id, day, calls) VALUES (?1, ?2, 1) ON CONFLICT (user_id, day) DO UPDATE SET calls = calls + 1")
    .bind(userId, day)
    .run();
}

/** Calls in [fromDay, toDay) (YYYY-MM-DD). */
export async function apiCallsBetween(d1: D1Database, userId: string, fromDay: string, toDay: string): Promise<number> {
  const row = await d1
    .prepare("SELECT COALESCE(SUM(calls), 0) AS calls FROM api_usage_daily WHERE user_id = ?1 AND day >= ?2 AND day < ?3")
    .bind(userId, fromDay, toDay)
    .first<{ calls: number }>();
  return row?.calls ?? 0;
}
