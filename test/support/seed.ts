/**
 * Bulk seeding for the tests and benchmarks (never production). Sessions
 * made through the public API each start a Durable Object and run; seeding
 * 100,000 that way would take hours on two cores. These rows have the same
 * shape as API-made ended sessions (completed 80 %, failed 10 %, cancelled
 * 10 %, spread over the last `days` days), are generated inside SQLite with a
 * recursive CTE, and go through the same triggers (rollups stay exact).
 */
const TYPES = ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"];

export async function seedSessions(
  d1: D1Database,
  userId: string,
  count: number,
  days: number,
  idBase: number,
): Promise<number> {
  const types = TYPES.map((t, i) => `WHEN ${i} THEN '${t}'`).join(" ");
  const result = await d1
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?2),
       rows AS MATERIALIZED (SELECT i, abs(random()) AS r, abs(random()) % (?3 * 86400) AS ago FROM seq)
       INSERT INTO sessions (id, user_id, account_id, cue, session_type, status, stage, requested_duration, confidence_threshold,
                             analysis_types, priority, case_id, client_reference, tags, credits_required, credits_used,
                             credits_refunded, confidence_score, analysis_id, results, analysis, end_reason, created_at,
                             estimated_completion, started_at, completed_at, cancelled_at, duration, updated_at)
       SELECT 'session_' || (CAST(?4 AS INTEGER) + i), ?1,
              (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?1), 'Seeded cue number ' || i, CASE r % 4 ${types} END,
              CASE r % 10 WHEN 0 THEN 'failed' WHEN 1 THEN 'cancelled' ELSE 'completed' END, NULL, 300, 0.5,
              '["visual"]', 'normal', NULL, NULL, '[]', 10, CASE WHEN r % 10 IN (0, 1) THEN 0 ELSE 10 END,
              CASE WHEN r % 10 IN (0, 1) THEN 10 ELSE 0 END,
              CASE WHEN r % 10 >= 2 THEN 0.5 + (r % 45) / 100.0 END, 'analysis_' || (CAST(?4 AS INTEGER) + i), NULL, NULL,
              CASE r % 10 WHEN 0 THEN 'AI_MODEL_ERROR' WHEN 1 THEN 'cancelled' END,
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago)) || ' seconds'),
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago - 300)) || ' seconds'),
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago - 30)) || ' seconds'),
              CASE WHEN r % 10 >= 2 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago - 300)) || ' seconds') END,
              CASE WHEN r % 10 = 1 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago - 60)) || ' seconds') END,
              CASE WHEN r % 10 >= 2 THEN 270 END,
              strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(ago)) || ' seconds')
         FROM rows`,
    )
    .bind(userId, count, days, idBase)
    .run();
  return result.meta.rows_written;
}

/**
 * Authenticated API calls on each of the last `days` UTC days (1–500 a day),
 * through the usage counter's upsert, so its triggers keep api_usage_monthly.
 */
export async function seedApiUsage(d1: D1Database, userId: string, days: number): Promise<number> {
  const result = await d1
    .prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?2)
       INSERT INTO api_usage_daily (user_id, day, calls)
       SELECT ?1, date('now', (-i) || ' days'), 1 + abs(random()) % 500 FROM seq WHERE true
       ON CONFLICT (user_id, day) DO UPDATE SET calls = calls + excluded.calls`,
    )
    .bind(userId, days)
    .run();
  return result.meta.rows_written;
}

/**
 * Give the user's billing account `credits` more credits, as an `adjustment`
 * ledger row beside the balance (the cron checks balance = SUM(ledger)).
 */
export async function setCredits(d1: D1Database, userId: string, credits: number): Promise<void> {
  const id = `led_bench_${crypto.randomUUID()}`;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at)
         SELECT ?1, id, ?2, 'adjustment', ?1, 'Benchmark credits', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?3`,
      )
      .bind(id, credits, userId),
    d1
      .prepare("UPDATE billing_accounts SET balance = balance + ?1 WHERE owner_type = 'user' AND owner_id = ?2")
      .bind(credits, userId),
  ]);
}
