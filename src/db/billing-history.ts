/**
 * The billing history of one account: money movements from `transactions`
 * (purchases, subscription fees, plan changes) plus the credit-only ledger
 * movements (signup grant, session debits and refunds, renewals, expiries,
 * prorations, adjustments), newest first. A purchase's own ledger row is
 * left out: its transaction row already stands for it.
 */
import type { LedgerReason } from "./credits";
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

export const HISTORY_UNION = `
  SELECT id, type, amount_cents, currency, credits, status, created_at, description
    FROM transactions WHERE account_id = ?1
  UNION ALL
  SELECT id, reason AS type, 0 AS amount_cents, 'USD' AS currency, delta AS credits, 'completed' AS status, created_at, description
    FROM credit_ledger WHERE account_id = ?1 AND reason <> 'credit_purchase'`;

export async function billingHistory(d1: D1Database, q: HistoryQuery): Promise<{ rows: HistoryRow[]; total: number }> {
  const where = "WHERE created_at >= ?2 AND created_at < ?3";
  const from = q.from ?? "";
  const to = q.to ?? "9999";
  const [page, count] = await d1.batch([
    d1
      .prepare(`SELECT * FROM (${HISTORY_UNION}) ${where} ORDER BY created_at DESC, id DESC LIMIT ?4 OFFSET ?5`)
      .bind(q.accountId, from, to, q.limit, q.offset),
    d1.prepare(`SELECT COUNT(*) AS total FROM (${HISTORY_UNION}) ${where}`).bind(q.accountId, from, to),
  ]);
  return {
    rows: (page?.results ?? []) as HistoryRow[],
    total: (count?.results?.[0] as { total: number } | undefined)?.total ?? 0,
  };
}
