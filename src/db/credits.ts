import { rowWritten } from "./changes";
/**
 * Credit ledger statements. D1 has no interactive transactions, but a batch
 * is atomic: callers commit these statements in one unit of work (Context.commit) together
 * with whatever the change pays for (a session row, a transaction row), and
 * make those depend on the ledger row existing (`ledgerRowExists`).
 *
 * Rules (docs/decisions.md, "Credits and billing" and "Billing cycle"):
 * - a balance never goes below zero: debits are conditional (`balance >= amount`)
 *   and billing_accounts has CHECK (balance >= 0) as a backstop;
 * - every change is exactly one append-only ledger row, so balance = SUM(delta);
 * - (reason, reference_id) is unique, so a refund or purchase credit is applied
 *   at most once however often it is retried (`ONCE_PER_REFERENCE`). A
 *   session's debit is the exception: it is unique because it commits with
 *   the session row, whose id is its reference, in one batch; leaving it out
 *   of that index spares every creation an index entry;
 * - debits spend included credits first (`included_balance`, which expires at
 *   renewal); credits added by purchases and refunds never expire.
 */
export type LedgerReason =
  | "signup_grant"
  | "session_debit"
  | "session_refund"
  | "session_reprice"
  | "credit_purchase"
  | "adjustment"
  | "credits_renewal"
  | "credits_expiry"
  | "plan_proration"
  | "payment_reversal";

export interface LedgerEntry {
  /** A fresh id (newId("led")): the batch's other statements test for it. */
  ledgerId: string;
  accountId: string;
  reason: LedgerReason;
  referenceId: string;
  description: string;
  at: string;
}

const INSERT_COLUMNS =
  "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at)";

/**
 * The ledger is keyed (account_id, created_at, id), WITHOUT ROWID: the key is
 * the table's own b-tree, so a row is one entry and an account's history in
 * time order is a range of the table (no index beside it). A row is found by
 * all three: these fragments test or read the row a batch has just written,
 * with the caller's bound parameters (e.g. `?1`) for its id, account and created_at.
 */
export const ledgerRowExists = (id: string, accountId: string, at: string) =>
  `EXISTS (SELECT 1 FROM credit_ledger WHERE account_id = ${accountId} AND created_at = ${at} AND id = ${id})`;
export const ledgerRowDelta = (id: string, accountId: string, at: string) =>
  `(SELECT delta FROM credit_ledger WHERE account_id = ${accountId} AND created_at = ${at} AND id = ${id})`;

/**
 * The upsert clause that applies a ledger row at most once per (reason,
 * reference_id). The unique index is partial (it leaves out session debits),
 * and SQLite matches a partial index only when the conflict target repeats its WHERE.
 */
/**
 * A session's debit names its session by its own id: the session's id with the ledger's prefix
 * (the same time, shard and random digits), and its `reference_id` is left '' (34 bytes fewer in
 * every session's ledger entry, docs/scale.md "What a session stores"). `ledgerReference` reads
 * the session id back, as the entry of a debit written before (which stores it) holds it.
 */
export const debitLedgerId = (sessionId: string) => `led_${sessionId.slice("session_".length)}`;
export const ledgerReference = (l: string) =>
  `CASE WHEN ${l}.reason = 'session_debit' AND ${l}.reference_id = '' THEN 'session_' || substr(${l}.id, 5) ELSE ${l}.reference_id END`;

export const ONCE_PER_REFERENCE = "ON CONFLICT (reason, reference_id) WHERE reason <> 'session_debit' DO NOTHING";

/**
 * How stale an account's `updated_at` may be before a debit refreshes it.
 * The maintenance run's integrity check walks accounts changed in its last
 * 10 minutes (domain/billing/integrity.ts, CHECK_WINDOW_MS) through the
 * updated_at index; a debit that rewrote updated_at every time would also
 * rewrite that index entry on every session created. Refreshing it only when
 * older than a minute keeps every debited account inside the checked window.
 */
const ACCOUNT_TOUCH_MS = 60_000;

/**
 * An extra condition the debit must meet, checked in the same statement (so
 * atomically with the balance check). `?2` is the account id; the guard's own
 * parameters are bound from `?4` on.
 */
export interface DebitGuard {
  sql: string;
  params: unknown[];
  /** Further assignments the debit makes when it applies (e.g. raising a counter the guard checks). */
  set?: string;
}

/**
 * Debit `amount` only if the balance covers it: the debit, its ledger row
 * (written iff the balance changed; check `ledgerRowWritten(results[1])`
 * after the batch) and the refresh of a stale `updated_at` (ACCOUNT_TOUCH_MS),
 * which writes nothing when the account changed within the last minute. A
 * caller may put statements that depend on the debit between the ledger row
 * and the refresh.
 */
export function debitStatements(
  d1: D1Database,
  entry: LedgerEntry,
  amount: number,
  guard?: DebitGuard,
): [debit: D1PreparedStatement, ledger: D1PreparedStatement, touch: D1PreparedStatement] {
  const extra = guard ? ` AND (${guard.sql})` : "";
  return [
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance - ?1, included_balance = MAX(0, included_balance - ?1), debit_included = MIN(included_balance, ?1)${guard?.set ? `, ${guard.set}` : ""} WHERE id = ?2 AND balance >= ?1${extra}`,
      )
      .bind(amount, entry.accountId, ...(guard ? [null, ...guard.params] : [])),
    d1
      .prepare(`${INSERT_COLUMNS} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1`)
      .bind(entry.ledgerId, entry.accountId, -amount, entry.reason, entry.referenceId, entry.description, entry.at),
    d1
      .prepare(
        `UPDATE billing_accounts SET updated_at = ?3 WHERE id = ?2 AND updated_at < ?4 AND ${ledgerRowExists("?1", "?2", "?3")}`,
      )
      .bind(entry.ledgerId, entry.accountId, entry.at, new Date(Date.parse(entry.at) - ACCOUNT_TOUCH_MS).toISOString()),
  ];
}

/**
 * Credit `amount` once per (reason, referenceId): a repeat inserts nothing and
 * so changes no balance. Check `ledgerRowWritten(results[0])` after the batch.
 */
export function creditStatements(d1: D1Database, entry: LedgerEntry, amount: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(`${INSERT_COLUMNS} VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ${ONCE_PER_REFERENCE}`)
      .bind(entry.ledgerId, entry.accountId, amount, entry.reason, entry.referenceId, entry.description, entry.at),
    balanceIncrease(d1, entry, amount),
  ];
}

function balanceIncrease(d1: D1Database, entry: LedgerEntry, amount: number): D1PreparedStatement {
  return d1
    .prepare(
      `UPDATE billing_accounts SET balance = balance + ?1, updated_at = ?4 WHERE id = ?2 AND ${ledgerRowExists("?3", "?2", "?4")}`,
    )
    .bind(amount, entry.accountId, entry.ledgerId, entry.at);
}

export const ledgerRowWritten = rowWritten;

export async function balanceOf(d1: D1Database, accountId: string): Promise<number> {
  const row = await d1
    .prepare("SELECT balance FROM billing_accounts WHERE id = ?")
    .bind(accountId)
    .first<{ balance: number }>();
  return row?.balance ?? 0;
}

/** The SQL of an account's balance, for reading it inside a batch right after a change. */
export const balanceQuery = (d1: D1Database, accountId: string): D1PreparedStatement =>
  d1.prepare("SELECT balance FROM billing_accounts WHERE id = ?").bind(accountId);

/** A refund's ledger row, with a second fresh id for the write-off of included credits whose period ended. */
export interface RefundEntry extends Omit<LedgerEntry, "accountId"> {
  expiryLedgerId: string;
}

/**
 * Refund `amount` to the account that paid for session `sessionId` (its
 * `account_id`, written in the batch of its debit), only if the statement just before it
 * in the batch changed a row (the session's conditional move to failed/cancelled, or its
 * re-pricing), and at most once per (reason, session).
 *
 * The refund returns to the bucket that paid (docs/decisions.md "Included vs purchased
 * credits"): first to included_balance, up to the session's `credits_included` (what it took
 * from this period's included credits); then, up to its `credits_expired` (included credits of
 * a period that has ended since), it is written off at once by a `credits_expiry` row, as
 * those credits would have expired at that period's end; the rest is purchased credit. The
 * session's shares shrink by what the refund gave back, so a later refund cannot return them twice.
 */
export function sessionRefundStatements(
  d1: D1Database,
  entry: RefundEntry,
  sessionId: string,
  amount: number,
): D1PreparedStatement[] {
  const payer = "(SELECT account_id FROM sessions WHERE id = ?8)";
  const refundWritten = (account: string, at: string) => ledgerRowExists("?1", account, at);
  // Of `?2` refunded: the share back to included_balance, and the share written off.
  const toIncluded = (amountParam: string) => `MIN(${amountParam}, s.credits_included)`;
  const toExpire = (amountParam: string) =>
    `MIN(${amountParam} - MIN(${amountParam}, s.credits_included), s.credits_expired)`;
  return [
    d1
      .prepare(
        `${INSERT_COLUMNS} SELECT ?1, ${payer}, ?3, ?4, ?5, ?6, ?7 WHERE changes() = 1 AND ${payer} IS NOT NULL ${ONCE_PER_REFERENCE}`,
      )
      .bind(entry.ledgerId, null, amount, entry.reason, entry.referenceId, entry.description, entry.at, sessionId),
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance + ${ledgerRowDelta("?1", "billing_accounts.id", "?2")},
           included_balance = included_balance + (SELECT ${toIncluded("?4")} FROM sessions s WHERE s.id = ?3), updated_at = ?2
          WHERE id = (SELECT account_id FROM sessions WHERE id = ?3) AND ${refundWritten("billing_accounts.id", "?2")}`,
      )
      .bind(entry.ledgerId, entry.at, sessionId, amount),
    d1
      .prepare(
        `${INSERT_COLUMNS} SELECT ?2, s.account_id, -${toExpire("?3")}, 'credits_expiry', ?4, ?5, ?6 FROM sessions s
          WHERE s.id = ?7 AND ${toExpire("?3")} > 0 AND ${refundWritten("s.account_id", "?6")} ${ONCE_PER_REFERENCE}`,
      )
      .bind(
        entry.ledgerId,
        entry.expiryLedgerId,
        amount,
        `${entry.referenceId}:expired`,
        "Refunded included credits of an ended period expired",
        entry.at,
        sessionId,
      ),
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance + ${ledgerRowDelta("?1", "billing_accounts.id", "?2")}, updated_at = ?2
          WHERE id = (SELECT account_id FROM sessions WHERE id = ?3) AND ${ledgerRowExists("?1", "billing_accounts.id", "?2")}`,
      )
      .bind(entry.expiryLedgerId, entry.at, sessionId),
    // Last: the statements above read the shares as they were before this refund.
    d1
      .prepare(
        `UPDATE sessions AS s SET credits_included = s.credits_included - ${toIncluded("?2")},
           credits_expired = s.credits_expired - ${toExpire("?2")}
          WHERE s.id = ?3 AND ${ledgerRowExists("?1", "s.account_id", "?4")}`,
      )
      .bind(entry.ledgerId, amount, sessionId, entry.at),
  ];
}
