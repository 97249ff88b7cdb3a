import { and, asc, eq, inArray } from "drizzle-orm";
import type { EventMessage } from "../domain/webhooks/events";
import { db, schema } from "./client";
import { type LedgerEntry, ledgerRowDelta, ledgerRowExists } from "./credits";
import { expireIncludedShares } from "./included-shares";
import type { Write } from "./store";
import type { TransactionRow } from "./transactions";

/**
 * Payment processor events that arrive after a charge (domain/billing/stripe-events.ts).
 * Each is applied in one atomic batch that also records the processor's event
 * id (`processor_events`, primary key): a redelivered or concurrent copy of the
 * event fails its batch as a whole and changes nothing. Balances change only
 * together with their ledger row and never go below zero.
 */
const { transactions } = schema;

const LEDGER = "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at)";

export interface ProcessorEvent {
  id: string;
  type: string;
  at: string;
}

const eventInsert = (d1: D1Database, e: ProcessorEvent) =>
  d1.prepare("INSERT INTO processor_events (id, type, received_at) VALUES (?1, ?2, ?3)").bind(e.id, e.type, e.at);

export async function processorEventSeen(d1: D1Database, id: string): Promise<boolean> {
  return (await d1.prepare("SELECT 1 AS seen FROM processor_events WHERE id = ?").bind(id).first()) !== null;
}

/** An event handled by doing nothing (an unknown type, a charge we do not know): only remembered. */
export function processorEventStatement(d1: D1Database, e: ProcessorEvent): D1PreparedStatement {
  return d1
    .prepare("INSERT INTO processor_events (id, type, received_at) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING")
    .bind(e.id, e.type, e.at);
}

/** The successful charge a processor reference (a PaymentIntent id) names. */
export async function findChargedTransaction(d1: D1Database, reference: string): Promise<TransactionRow | undefined> {
  return db(d1)
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReference, reference),
        inArray(transactions.status, ["completed", "refunded", "disputed"]),
      ),
    )
    .orderBy(asc(transactions.createdAt))
    .get();
}

export interface Reversal {
  processorEvent: ProcessorEvent;
  transaction: Pick<TransactionRow, "id" | "accountId" | "creditsReversed">;
  /** Credits owed back in total after this event (of the transaction's credits). */
  target: number;
  status: TransactionRow["status"];
  failureCode: string | null;
  entry: LedgerEntry;
  /** Its data gains credits_reversed (taken back now), credits_unrecoverable (already spent) and new_balance, in SQL. */
  event: EventMessage;
}

/**
 * Take back `target − credits_reversed` credits, but never more than the
 * balance holds (the rest was spent: docs/decisions.md, "Billing cycle").
 * Purchased credits go first, then included ones (included_balance ≤ balance
 * is kept). Conditional on credits_reversed being what the caller read, so two
 * events for one charge cannot both take the same credits.
 * It reads the outboxed event (null if nothing applied).
 */
export function reversalWrite(d1: D1Database, r: Reversal): Write<EventMessage | null> {
  const owed = Math.max(0, r.target - r.transaction.creditsReversed);
  const e = r.entry;
  const clawedBack = `COALESCE(-${ledgerRowDelta("?5", "?4", "?7")}, 0)`;
  const statements = [
    eventInsert(d1, r.processorEvent),
    d1
      .prepare(
        `${LEDGER} SELECT ?1, a.id, -MIN(?3, a.balance), ?4, ?5, ?6, ?7 FROM billing_accounts a
         WHERE a.id = ?2 AND MIN(?3, a.balance) > 0
           AND (SELECT credits_reversed FROM transactions WHERE id = ?8) = ?9`,
      )
      .bind(
        e.ledgerId,
        e.accountId,
        owed,
        e.reason,
        e.referenceId,
        e.description,
        e.at,
        r.transaction.id,
        r.transaction.creditsReversed,
      ),
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance + ${ledgerRowDelta("?1", "?2", "?3")},
           included_balance = MIN(included_balance, balance + ${ledgerRowDelta("?1", "?2", "?3")}), updated_at = ?3
         WHERE id = ?2 AND ${ledgerRowExists("?1", "?2", "?3")}`,
      )
      .bind(e.ledgerId, e.accountId, e.at),
    d1
      .prepare(
        "UPDATE transactions SET credits_reversed = MAX(credits_reversed, ?2), status = ?3, failure_code = COALESCE(?4, failure_code) WHERE id = ?1 AND credits_reversed = ?5",
      )
      .bind(r.transaction.id, r.target, r.status, r.failureCode, r.transaction.creditsReversed),
    d1
      .prepare(
        `INSERT INTO event_outbox (event_id, message, created_at)
         SELECT ?1, json_set(?2, '$.data.credits_reversed', ${clawedBack},
           '$.data.credits_unrecoverable', ?6 - ${clawedBack},
           '$.data.new_balance', (SELECT balance FROM billing_accounts WHERE id = ?4)), ?3
         WHERE changes() = 1 ON CONFLICT (event_id) DO NOTHING`,
      )
      .bind(r.event.event_id, JSON.stringify(r.event), r.event.occurred_at, e.accountId, e.ledgerId, owed, e.at),
    d1.prepare("SELECT message FROM event_outbox WHERE event_id = ?").bind(r.event.event_id),
  ];
  return {
    statements,
    read: (results) => {
      if ((results[3]?.meta.changes ?? 0) !== 1) return null;
      const row = results[5]?.results[0] as { message: string } | undefined;
      return row ? (JSON.parse(row.message) as EventMessage) : null;
    },
  };
}

export interface LateFeeFailure {
  processorEvent: ProcessorEvent;
  transactionId: string;
  accountId: string;
  /** The start of the period the fee paid for: applied only while it is the current period. */
  periodStart: string;
  failureCode: string;
  /** The failure ends the paid period now; the first dunning retry is due at `retryAt`. */
  now: string;
  retryAt: string;
  /** Takes back what is left of the period's included credits. */
  entry: LedgerEntry;
  event: EventMessage;
}

/**
 * A fee the processor reported as failed after we renewed on it: the account
 * goes past_due with this failure as dunning attempt 1, its paid period ends
 * now (the unpaid period's remaining included credits are taken back), and the
 * billing clock retries on the dunning schedule from now. It reads whether it applied.
 */
export function lateFeeFailureWrite(d1: D1Database, f: LateFeeFailure): Write<boolean> {
  const e = f.entry;
  // Both statements test the same state: the fee's period is still the current one and not already past_due.
  const current = "id = ?2 AND current_period_start = ?3 AND status != 'past_due'";
  const statements = [
    eventInsert(d1, f.processorEvent),
    d1
      .prepare(
        `${LEDGER} SELECT ?1, id, -included_balance, ?4, ?5, ?6, ?7 FROM billing_accounts WHERE ${current} AND included_balance > 0`,
      )
      .bind(e.ledgerId, f.accountId, f.periodStart, e.reason, e.referenceId, e.description, e.at),
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance - included_balance, included_balance = 0, status = 'past_due',
           dunning_attempts = 1, current_period_end = ?4, next_action_at = ?5, updated_at = ?4
         WHERE ${current}`,
      )
      .bind(e.ledgerId, f.accountId, f.periodStart, f.now, f.retryAt),
    d1
      .prepare(
        "INSERT INTO event_outbox (event_id, message, created_at) SELECT ?1, ?2, ?3 WHERE changes() = 1 ON CONFLICT (event_id) DO NOTHING",
      )
      .bind(f.event.event_id, JSON.stringify(f.event), f.event.occurred_at),
    d1
      .prepare("UPDATE transactions SET status = 'failed', failure_code = ?2 WHERE id = ?1 AND status = 'completed'")
      .bind(f.transactionId, f.failureCode),
    // The active sessions' shares of the taken-back included credits end with the period (the state just written).
    ...expireIncludedShares(d1, f.accountId, {
      sql: "EXISTS (SELECT 1 FROM billing_accounts WHERE id = ?1 AND status = 'past_due' AND current_period_end = ?2)",
      params: [f.now],
    }),
  ];
  return { statements, read: (results) => (results[2]?.meta.changes ?? 0) === 1 };
}
