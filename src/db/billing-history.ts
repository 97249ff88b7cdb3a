/**
 * The billing history of one account: money movements from `transactions`
 * (purchases, subscription fees, plan changes) plus the credit-only ledger
 * movements (signup grant, session debits and refunds, renewals, expiries,
 * prorations, adjustments), newest first. A purchase's own ledger row is
 * left out: its transaction row already stands for it.
 */
import { type LedgerReason, ledgerReference } from "./credits";
import { payingAccount } from "./sessions";
import { readTogether } from "./store";
import type { TransactionRow } from "./transactions";

type TransactionType = TransactionRow["type"];

export interface HistoryRow {
  id: string;
  /** A transaction's type, or the ledger reason of a credit-only movement. */
  type: LedgerReason | TransactionType;
  amount_cents: number;
  currency: string;
  credits: number;
  status: TransactionRow["status"];
  created_at: string;
  description: string;
  /** The session a session debit, refund or repricing was for (the history page only; null otherwise). */
  session_id?: string | null;
  session_cue?: string | null;
  session_type?: string | null;
}

export interface HistoryQuery {
  accountId: string;
  limit: number;
  offset: number;
  /** Inclusive lower bound, ISO time. */
  from?: string | undefined;
  /** Exclusive upper bound, ISO time. */
  to?: string | undefined;
}

/**
 * A ledger entry's description. A session's debit stores none (''): it is always "<session type>
 * session <session id>", which the session's row and the entry's own id already hold, so
 * each session's entry is 53 bytes shorter (docs/scale.md "What a session stores").
 */
const LEDGER_DESCRIPTION = `CASE WHEN reason = 'session_debit' AND description = ''
    THEN COALESCE((SELECT s.session_type FROM sessions s WHERE s.id = ${ledgerReference("credit_ledger")}), '')
         || ' session ' || ${ledgerReference("credit_ledger")}
    ELSE description END`;

export const HISTORY_UNION = `
  SELECT id, type, amount_cents, currency, credits, status, created_at, description
    FROM transactions WHERE account_id = ?1
  UNION ALL
  SELECT id, reason AS type, 0 AS amount_cents, 'USD' AS currency, delta AS credits, 'completed' AS status, created_at,
         ${LEDGER_DESCRIPTION} AS description
    FROM credit_ledger WHERE account_id = ?1 AND reason <> 'credit_purchase'`;

export async function billingHistory(d1: D1Database, q: HistoryQuery): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = "WHERE created_at >= ?2 AND created_at < ?3";
  const from = q.from ?? "";
  const to = q.to ?? "9999";
  // A session movement's ledger row (found by its primary key) names the session; the session
  // must be this account's too, so a row never shows another account's cue.
  const [page, count] = await readTogether(d1, [
    d1
      .prepare(
        `SELECT h.*, s.id AS session_id, s.cue AS session_cue, s.session_type AS session_type
           FROM (${HISTORY_UNION}) h
           LEFT JOIN credit_ledger l
             ON h.type IN ('session_debit', 'session_refund', 'session_reprice')
            AND l.account_id = ?1 AND l.created_at = h.created_at AND l.id = h.id
           LEFT JOIN sessions s ON s.id = ${ledgerReference("l")} AND ${payingAccount("s")} = ?1
          WHERE h.created_at >= ?2 AND h.created_at < ?3
          ORDER BY h.created_at DESC, h.id DESC LIMIT ?4 OFFSET ?5`,
      )
      .bind(q.accountId, from, to, q.limit, q.offset),
    d1.prepare(`SELECT COUNT(*) AS total FROM (${HISTORY_UNION}) ${where}`).bind(q.accountId, from, to),
  ]);
  return {
    rows: (page?.results ?? []) as HistoryRow[],
    total: (count?.results?.[0] as { total: number } | undefined)?.total ?? 0,
  };
}
