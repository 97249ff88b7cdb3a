import { readTogether } from "./store";
/**
 * Live figures for the admin status. Active sessions are the sum of the
 * accounts' counters (one row per account, however many sessions: the
 * sessions table has no index by status alone, so that creations need not
 * write one); undelivered deliveries read a partial index that holds only them.
 */
export async function statusMetrics(d1: D1Database): Promise<{ active_sessions: number; queue_depth: number }> {
  const [sessions, deliveries] = await readTogether(d1, [
    d1.prepare("SELECT COALESCE(SUM(active_sessions), 0) AS n FROM billing_accounts"),
    d1.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status IN ('pending', 'retrying')"),
  ]);
  const n = (r: D1Result | undefined) => (r?.results[0] as { n?: number } | undefined)?.n ?? 0;
  return { active_sessions: n(sessions), queue_depth: n(deliveries) };
}
