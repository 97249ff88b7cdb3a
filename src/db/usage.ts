/**
 * Usage figures of the Billing record, read from the ledger (sessions and
 * credits) and from the user's stored rows (storage).
 */

/**
 * Sessions and credits consumed in [from, to) (ISO times). Every session
 * creation writes exactly one `session_debit` ledger row, so counting those
 * counts sessions; refunds give credits back.
 */
export async function ledgerUsageBetween(
  d1: D1Database,
  accountId: string,
  from: string,
  to: string,
): Promise<{ sessions: number; creditsUsed: number }> {
  const row = await d1
    .prepare(
      `SELECT
         COALESCE(SUM(CASE WHEN reason = 'session_debit' THEN 1 ELSE 0 END), 0) AS sessions,
         COALESCE(SUM(CASE WHEN reason IN ('session_debit', 'session_refund', 'session_reprice') THEN -delta ELSE 0 END), 0) AS used
       FROM credit_ledger WHERE account_id = ?1 AND created_at >= ?2 AND created_at < ?3`,
    )
    .bind(accountId, from, to)
    .first<{ sessions: number; used: number }>();
  return { sessions: row?.sessions ?? 0, creditsUsed: Math.max(0, row?.used ?? 0) };
}

/**
 * What a user stores, table by table: SQL giving the byte size (SQLite
 * `length()` of the text columns, 8 per integer) of the user's rows created
 * before ?2.
 */
const USER_STORAGE_SOURCES: Record<string, string> = {
  sessions: `SELECT COALESCE(SUM(length(id) + length(cue) + length(analysis_types) + COALESCE(length(case_id), 0) + COALESCE(length(client_reference), 0)
                 + length(tags) + COALESCE(length(results), 0) + COALESCE((SELECT length(body) FROM session_content WHERE id = sessions.content_id), 0)
                 + length(created_at) + 64), 0)
             FROM sessions WHERE user_id = ?1 AND created_at < ?2`,
  session_history: `SELECT COALESCE(SUM(length(h.stage) + length(h.notes) + length(h.timestamp) + 24), 0)
             FROM session_history h JOIN sessions s ON s.id = h.session_id WHERE s.user_id = ?1 AND s.created_at < ?2`,
  webhooks: `SELECT COALESCE(SUM(length(id) + length(url) + length(events) + length(secret_sealed) + length(description) + length(created_at) + 8), 0)
             FROM webhooks WHERE user_id = ?1 AND created_at < ?2`,
  webhook_deliveries: `SELECT COALESCE(SUM(length(id) + length(event_id) + length(event_type) + length(body) + length(created_at) + 16), 0)
             FROM webhook_deliveries WHERE user_id = ?1 AND created_at < ?2`,
  payment_methods: `SELECT COALESCE(SUM(length(id) + length(brand) + length(last_four) + length(gateway_token) + length(created_at) + 24), 0)
             FROM payment_methods WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?1) AND created_at < ?2`,
  transactions: `SELECT COALESCE(SUM(length(id) + length(description) + length(currency) + length(credit_package) + length(payment_method_id) + length(created_at) + 32), 0)
             FROM transactions WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?1) AND created_at < ?2`,
  credit_ledger: `SELECT COALESCE(SUM(length(id) + length(reason) + length(reference_id) + length(description) + length(created_at) + 8), 0)
             FROM credit_ledger WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?1) AND created_at < ?2`,
};

/** Bytes stored by the user in rows created before `before` (ISO time). */
export async function storedBytes(d1: D1Database, userId: string, before: string): Promise<number> {
  const sql = `SELECT ${Object.values(USER_STORAGE_SOURCES)
    .map((q) => `(${q})`)
    .join(" + ")} AS bytes`;
  const row = await d1.prepare(sql).bind(userId, before).first<{ bytes: number }>();
  return row?.bytes ?? 0;
}
