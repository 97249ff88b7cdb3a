import { rowWritten } from "./changes";
import {
  balanceQuery,
  debitStatements,
  type LedgerEntry,
  ledgerRowExists,
  type RefundEntry,
  sessionRefundStatements,
} from "./credits";
import type { Write } from "./store";

/** A pending session's new priority with what it now costs and when it now ends. */
export interface Reprice {
  sessionId: string;
  /** The account that paid for the session (sessions.account_id): it pays or receives the difference. */
  accountId: string;
  from: "normal" | "high";
  to: "normal" | "high";
  /** New price (credits_required and credits_used). */
  credits: number;
  /** New price minus the old one: > 0 charges it, < 0 refunds it. */
  difference: number;
  estimatedCompletion: string;
  /** The difference's ledger row (fresh ids; reason `session_reprice`). */
  ledger: Omit<RefundEntry, "reason">;
}

export type RepriceResult = { ok: true; balance: number } | { ok: false; balance: number };

/**
 * Change a pending session's priority and settle the price difference,
 * committed together: the session row moves only if it is still pending with the old
 * priority (so a retry, or a race with its start or cancellation, changes
 * nothing), and exactly one ledger row goes with it. An upgrade is a debit
 * conditional on the balance covering it (the session's UPDATE depends on that
 * ledger row); a downgrade is a refund conditional on the session's UPDATE.
 */
export function repriceWrite(d1: D1Database, r: Reprice): Write<RepriceResult> {
  const entry: LedgerEntry & RefundEntry = { ...r.ledger, accountId: r.accountId, reason: "session_reprice" };
  const stillPending = "SELECT 1 FROM sessions WHERE id = ?4 AND status = 'pending' AND priority = ?5";
  const sessionUpdate = (condition: string, params: unknown[], set = "") =>
    d1
      .prepare(
        `UPDATE sessions SET priority = ?1, credits_required = ?2, credits_used = ?2, estimated_completion = ?3, updated_at = ?6${set}
          WHERE id = ?4 AND status = 'pending' AND priority = ?5${condition}`,
      )
      .bind(r.to, r.credits, r.estimatedCompletion, r.sessionId, r.from, r.ledger.at, ...params);
  if (r.difference > 0) {
    const [charge, ledger, touch] = debitStatements(d1, entry, r.difference, {
      sql: `EXISTS (${stillPending})`,
      params: [r.sessionId, r.from],
    });
    const statements = [
      charge,
      ledger,
      sessionUpdate(
        ` AND ${ledgerRowExists("?7", "?8", "?6")}`,
        [r.ledger.ledgerId, r.accountId],
        // The share of the difference the debit took from included credits (credits.ts).
        ", credits_included = credits_included + (SELECT debit_included FROM billing_accounts WHERE id = ?8)",
      ),
      touch,
      balanceQuery(d1, r.accountId),
    ];
    return {
      statements,
      read: (results) => ({ ok: rowWritten(results[1]) && rowWritten(results[2]), balance: balanceOf(results[4]) }),
    };
  }
  return {
    statements: [
      sessionUpdate("", []),
      ...(r.difference < 0 ? sessionRefundStatements(d1, entry, r.sessionId, -r.difference) : []),
      balanceQuery(d1, r.accountId),
    ],
    read: (results) => ({ ok: rowWritten(results[0]), balance: balanceOf(results[results.length - 1]) }),
  };
}

const balanceOf = (result: D1Result | undefined) =>
  (result?.results?.[0] as { balance?: number } | undefined)?.balance ?? 0;
