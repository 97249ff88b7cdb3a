/**
 * Live figures for the admin status. Both counts read partial indexes that
 * hold only active sessions / undelivered deliveries, never the whole table.
 */
export async function statusMetrics(d1: D1Database): Promise<{ active_sessions: number; queue_depth: number }> {
  const [sessions, deliveries] = await d1.batch([
    d1.prepare("SELECT COUNT(*) AS n FROM sessions WHERE status IN ('pending', 'processing')"),
    d1.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status IN ('pending', 'retrying')"),
  ]);
  const n = (r: D1Result | undefined) => (r?.results[0] as { n?: number } | undefined)?.n ?? 0;
  return { active_sessions: n(sessions), queue_depth: n(deliveries) };
}
