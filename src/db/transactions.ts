import { and, gte, lt } from "drizzle-orm";
import type { EventMessage } from "../domain/webhooks/events";
import { db, schema, statementOf } from "./client";
import { balanceQuery, creditStatements, type LedgerEntry, ledgerRowWritten } from "./credits";
import { outboxStatement } from "./outbox";
import type { Statement, Write } from "./store";

const { transactions } = schema;
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * A completed purchase: the transaction row, the ledger row, the balance
 * change and the outboxed billing.payment_succeeded event, committed
 * together. The ledger is unique per (credit_purchase, transaction id), so the
 * credit can never be applied twice. `also` (an organization's audit entry)
 * commits with them, right after the transaction row.
 * It reads whether the credit was applied and the balance right after it.
 */
export function completedPurchaseWrite(
  d1: D1Database,
  row: TransactionRow,
  entry: LedgerEntry,
  event: EventMessage,
  also: Statement[] = [],
): Write<{ applied: boolean; newBalance: number }> {
  return {
    statements: [
      ...creditStatements(d1, entry, row.credits),
      transactionInsert(d1, row),
      ...also,
      outboxStatement(d1, event, entry, row.accountId),
      // The balance right after this credit, read inside the same transaction.
      balanceQuery(d1, row.accountId),
    ],
    read: (results) => ({
      applied: ledgerRowWritten(results[0]),
      newBalance: (results.at(-1)?.results[0] as { balance: number } | undefined)?.balance ?? 0,
    }),
  };
}

/**
 * A transaction row, once: a repeated insert of the same id changes nothing. Alone in a commit, it
 * records a failed charge (declined or processor failure) of a purchase, fee or upgrade: nothing credited.
 */
export function transactionInsert(d1: D1Database, row: TransactionRow): D1PreparedStatement {
  const q = db(d1).insert(transactions).values(row).onConflictDoNothing();
  return statementOf(d1, q);
}

/**
 * The transactions written for one client request's charge attempts: their
 * gateway idempotency keys are `<base>_<attempt>` (domain/billing/purchase.ts).
 * A range on the unique idempotency_key index, not a LIKE scan.
 */
export async function transactionsOfChargeKey(d1: D1Database, base: string): Promise<TransactionRow[]> {
  return db(d1)
    .select()
    .from(transactions)
    .where(and(gte(transactions.idempotencyKey, `${base}_`), lt(transactions.idempotencyKey, `${base}\``)))
    .all();
}
