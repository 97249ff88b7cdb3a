import { rowWritten } from "./changes";
/**
 * Credit ledger statements. D1 has no interactive transactions, but a batch
 * is atomic: callers put these statements in one `d1.batch([...])` together
 * with whatever the change pays for (a session row, a transaction row), and
 * make those depend on the ledger row existing (`WHERE EXISTS (SELECT 1 FROM
 * credit_ledger WHERE id = <the entry's ledgerId>)`).
 *
 * Rules (docs/decisions.md, "Credits and billing"):
 * - a balance never goes below zero: debits are conditional (`credits >= amount`)
 *   and the users table has CHECK (credits >= 0) as a backstop;
 * - every change is exactly one append-only ledger row;
 * - (reason, reference_id) is unique, so a refund or purchase credit is applied
 *   at most once however often it is retried.
 */
export type LedgerReason = "signup_grant" | "session_debit" | "session_refund" | "credit_purchase" | "adjustment";

export interface LedgerEntry {
  /** A fresh id (newId("led")): the batch's other statements test for it. */
  ledgerId: string;
  userId: string;
  reason: LedgerReason;
  referenceId: string;
  description: string;
  at: string;
}

const INSERT_COLUMNS = "INSERT INTO credit_ledger (id, user_id, delta, reason, reference_id, description, created_at)";

/**
 * An extra condition the debit must meet, checked in the same statement (so
 * atomically with the balance check). `?2` is the user id; the guard's own
 * parameters are bound from `?3` on.
 */
export interface DebitGuard {
  sql: string;
  params: unknown[];
}

/**
 * Debit `amount` only if the balance covers it. The ledger row is written iff
 * the balance changed. Check `ledgerRowWritten(results[1])` after the batch.
 */
export function debitStatements(
  d1: D1Database,
  entry: LedgerEntry,
  amount: number,
  guard?: DebitGuard,
): D1PreparedStatement[] {
  const extra = guard ? ` AND (${guard.sql})` : "";
  return [
    d1
      .prepare(`UPDATE users SET credits = credits - ?1 WHERE id = ?2 AND credits >= ?1${extra}`)
      .bind(amount, entry.userId, ...(guard?.params ?? [])),
    d1
      .prepare(`${INSERT_COLUMNS} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1`)
      .bind(entry.ledgerId, entry.userId, -amount, entry.reason, entry.referenceId, entry.description, entry.at),
  ];
}

/**
 * Credit `amount` once per (reason, referenceId): a repeat inserts nothing and
 * so changes no balance. Check `ledgerRowWritten(results[0])` after the batch.
 */
export function creditStatements(d1: D1Database, entry: LedgerEntry, amount: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(`${INSERT_COLUMNS} VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (reason, reference_id) DO NOTHING`)
      .bind(entry.ledgerId, entry.userId, amount, entry.reason, entry.referenceId, entry.description, entry.at),
    d1
      .prepare(
        "UPDATE users SET credits = credits + ?1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM credit_ledger WHERE id = ?3)",
      )
      .bind(amount, entry.userId, entry.ledgerId),
  ];
}

/** The starting balance's ledger row, written only if the user row (fresh id) was inserted. */
export function signupGrantStatement(d1: D1Database, entry: LedgerEntry, amount: number): D1PreparedStatement {
  return d1
    .prepare(`${INSERT_COLUMNS} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2)`)
    .bind(entry.ledgerId, entry.userId, amount, entry.reason, entry.referenceId, entry.description, entry.at);
}

export const ledgerRowWritten = rowWritten;

export async function balanceOf(d1: D1Database, userId: string): Promise<number> {
  const row = await d1.prepare("SELECT credits FROM users WHERE id = ?").bind(userId).first<{ credits: number }>();
  return row?.credits ?? 0;
}

/**
 * Credit `amount` only if the statement just before it in the batch changed a
 * row (e.g. a session's conditional move to failed/cancelled), and at most
 * once per (reason, referenceId). Used for refunds that must follow the state
 * change they pay back, never a repeat of it.
 */
export function creditIfChangedStatements(d1: D1Database, entry: LedgerEntry, amount: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `${INSERT_COLUMNS} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1 ON CONFLICT (reason, reference_id) DO NOTHING`,
      )
      .bind(entry.ledgerId, entry.userId, amount, entry.reason, entry.referenceId, entry.description, entry.at),
    d1
      .prepare(
        "UPDATE users SET credits = credits + ?1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM credit_ledger WHERE id = ?3)",
      )
      .bind(amount, entry.userId, entry.ledgerId),
  ];
}
