/**
 * The billing cycle's writes (domain/billing/cycle.ts), each committed as one
 * unit of work, conditional on the account still being in the state the caller read
 * (`current_period_end`, `dunning_attempts`), so a duplicated or racing run
 * changes nothing the second time; the ledger rows are unique per
 * (reason, reference), the fee transaction per idempotency key.
 * Balances change only together with their ledger row, inside the batch, so
 * a session debit or a purchase racing a renewal is applied before or after
 * it, never lost: balance = SUM(delta) always holds.
 */
import type { EventMessage } from "../domain/webhooks/events";
import type { AccountRow } from "./billing-accounts";
import { db, schema } from "./client";
import { type LedgerEntry, ledgerRowExists, ledgerRowWritten, ONCE_PER_REFERENCE } from "./credits";
import { expireIncludedShares } from "./included-shares";
import { outboxIfChangedStatement, outboxStatement } from "./outbox";
import type { Statement, Write } from "./store";
import { type TransactionRow, transactionInsert } from "./transactions";

const { transactions } = schema;

const LEDGER = "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at)";

export interface Renewal {
  account: Pick<AccountRow, "id" | "ownerType" | "ownerId" | "currentPeriodEnd" | "dunningAttempts">;
  tier: AccountRow["tier"];
  included: number;
  periodStart: string;
  periodEnd: string;
  /** The expiry row of the remaining included credits and the new grant's row (its reference: the period). */
  expiry: LedgerEntry;
  grant: LedgerEntry;
  /** The fee's transaction (paid plans), written with the renewal. */
  fee?: TransactionRow | undefined;
  events: EventMessage[];
}

/**
 * Start a new period: expire what is left of the included credits, grant the
 * new period's, set tier and dates, clear dunning. It reads whether it applied.
 */
export function renewalWrite(d1: D1Database, r: Renewal): Write<boolean> {
  const a = r.account;
  const same = "id = ?2 AND current_period_end = ?8 AND dunning_attempts = ?9";
  const statements: Statement[] = [
    d1
      .prepare(
        `${LEDGER} SELECT ?1, id, -included_balance, ?3, ?4, ?5, ?6 FROM billing_accounts WHERE ${same} AND included_balance > 0 AND ?7 = 1
         ${ONCE_PER_REFERENCE}`,
      )
      .bind(
        r.expiry.ledgerId,
        a.id,
        r.expiry.reason,
        r.expiry.referenceId,
        r.expiry.description,
        r.expiry.at,
        1,
        a.currentPeriodEnd,
        a.dunningAttempts,
      ),
    d1
      .prepare(`${LEDGER} SELECT ?1, id, ?7, ?3, ?4, ?5, ?6 FROM billing_accounts WHERE ${same} ${ONCE_PER_REFERENCE}`)
      .bind(
        r.grant.ledgerId,
        a.id,
        r.grant.reason,
        r.grant.referenceId,
        r.grant.description,
        r.grant.at,
        r.included,
        a.currentPeriodEnd,
        a.dunningAttempts,
      ),
    d1
      .prepare(
        `UPDATE billing_accounts SET balance = balance - included_balance + ?3, included_balance = ?3, period_included = ?3,
           tier = ?4, pending_tier = NULL, status = 'active', trial_ends_at = NULL, dunning_attempts = 0,
           current_period_start = ?5, current_period_end = ?6, next_action_at = ?6, updated_at = ?7
         WHERE id = ?2 AND ${ledgerRowExists("?1", "?2", "?7")}`,
      )
      .bind(r.grant.ledgerId, a.id, r.included, r.tier, r.periodStart, r.periodEnd, r.grant.at),
    // What the active sessions paid with the expiring included credits expires with them.
    ...expireIncludedShares(d1, a.id, {
      sql: ledgerRowExists("?2", "?3", "?4"),
      params: [r.grant.ledgerId, a.id, r.grant.at],
    }),
  ];
  if (r.fee) {
    const q = db(d1).insert(transactions).values(r.fee).onConflictDoNothing().toSQL();
    statements.push(
      d1
        .prepare(
          q.sql.replace(
            / values \((.*)\) on conflict/i,
            ` select $1 where ${ledgerRowExists("?", "?", "?")} on conflict`,
          ),
        )
        .bind(...q.params, a.id, r.grant.at, r.grant.ledgerId),
    );
  }
  if (a.ownerType === "user") {
    statements.push(
      d1
        .prepare(`UPDATE users SET tier = ?2 WHERE id = ?1 AND ${ledgerRowExists("?3", "?4", "?5")}`)
        .bind(a.ownerId, r.tier, r.grant.ledgerId, a.id, r.grant.at),
    );
  }
  for (const e of r.events) statements.push(outboxStatement(d1, e, { ...r.grant, accountId: a.id }));
  return { statements, read: (results) => ledgerRowWritten(results[1]) };
}

/** A failed renewal attempt: the failed transaction, past_due with the next retry, and the event. It reads whether it applied. */
export function failedRenewalWrite(
  d1: D1Database,
  a: Pick<AccountRow, "id" | "currentPeriodEnd" | "dunningAttempts">,
  attempt: number,
  nextActionAt: string,
  failed: TransactionRow,
  event: EventMessage,
): Write<boolean> {
  const statements = [
    d1
      .prepare(
        `UPDATE billing_accounts SET status = 'past_due', dunning_attempts = ?3, next_action_at = ?4, updated_at = ?5
         WHERE id = ?1 AND current_period_end = ?2 AND dunning_attempts = ?3 - 1`,
      )
      .bind(a.id, a.currentPeriodEnd, attempt, nextActionAt, failed.createdAt),
    outboxIfChangedStatement(d1, event),
    transactionInsert(d1, failed),
  ];
  return { statements, read: (results) => (results[0]?.meta.changes ?? 0) === 1 };
}

/**
 * An upgrade now: tier, the prorated fee's transaction and the prorated included credits,
 * conditional on the period read. It reads whether it applied.
 */
export function upgradeWrite(
  d1: D1Database,
  a: Pick<AccountRow, "id" | "ownerType" | "ownerId" | "currentPeriodEnd" | "tier">,
  tier: AccountRow["tier"],
  credits: number,
  entry: LedgerEntry,
  txn: TransactionRow | null,
  events: EventMessage[],
  audit: Statement[] = [],
): Write<boolean> {
  const statements: Statement[] = [
    d1
      .prepare(
        `${LEDGER} SELECT ?1, id, ?3, ?4, ?5, ?6, ?7 FROM billing_accounts WHERE id = ?2 AND current_period_end = ?8 AND tier = ?9
         ${ONCE_PER_REFERENCE}`,
      )
      .bind(
        entry.ledgerId,
        a.id,
        credits,
        entry.reason,
        entry.referenceId,
        entry.description,
        entry.at,
        a.currentPeriodEnd,
        a.tier,
      ),
    d1
      .prepare(
        `UPDATE billing_accounts SET tier = ?3, pending_tier = NULL, balance = balance + ?4, included_balance = included_balance + ?4,
           period_included = period_included + ?4, updated_at = ?5
         WHERE id = ?2 AND ${ledgerRowExists("?1", "?2", "?5")}`,
      )
      .bind(entry.ledgerId, a.id, tier, credits, entry.at),
    // Right after the account update: an entry conditioned on changes() is written only when the upgrade applied.
    ...audit,
  ];
  if (txn) statements.push(transactionInsert(d1, txn));
  if (a.ownerType === "user") {
    statements.push(
      d1
        .prepare(`UPDATE users SET tier = ?2 WHERE id = ?1 AND ${ledgerRowExists("?3", "?4", "?5")}`)
        .bind(a.ownerId, tier, entry.ledgerId, a.id, entry.at),
    );
  }
  for (const e of events) statements.push(outboxStatement(d1, e, { ...entry, accountId: a.id }));
  return { statements, read: (results) => ledgerRowWritten(results[0]) };
}

/** Schedules (or, with null, cancels) a downgrade at period end. */
export function setPendingTierStatement(
  d1: D1Database,
  accountId: string,
  pending: AccountRow["tier"] | null,
  at: string,
): Statement {
  return d1
    .prepare("UPDATE billing_accounts SET pending_tier = ?2, updated_at = ?3 WHERE id = ?1")
    .bind(accountId, pending, at);
}

/**
 * Make a past_due account's pending payment attempt due at `at` (the billing clock then runs it);
 * an attempt already due earlier keeps its time.
 */
export function pendingAttemptDueStatement(d1: D1Database, accountId: string, at: string): D1PreparedStatement {
  return d1
    .prepare(
      "UPDATE billing_accounts SET next_action_at = ?2 WHERE id = ?1 AND status = 'past_due' AND next_action_at > ?2",
    )
    .bind(accountId, at);
}
