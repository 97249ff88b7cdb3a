import { db, schema } from "./client";
import { balanceOf, creditStatements, ledgerRowWritten, type LedgerEntry } from "./credits";

const { transactions } = schema;
export type TransactionRow = typeof transactions.$inferSelect;

/**
 * A completed purchase: the transaction row, the ledger row and the balance
 * change in one atomic batch. The ledger is unique per (credit_purchase,
 * transaction id), so the credit can never be applied twice.
 * Returns whether the credit was applied and the balance after it.
 */
export async function recordCompletedPurchase(
  d1: D1Database,
  row: TransactionRow,
  entry: LedgerEntry,
): Promise<{ applied: boolean; newBalance: number }> {
  const insert = db(d1).insert(transactions).values(row).onConflictDoNothing().toSQL();
  const results = await d1.batch([...creditStatements(d1, entry, row.credits), d1.prepare(insert.sql).bind(...insert.params)]);
  return { applied: ledgerRowWritten(results[0]), newBalance: await balanceOf(d1, row.userId) };
}

/** A failed purchase (declined or processor failure): recorded, no credit. */
export async function recordFailedPurchase(d1: D1Database, row: TransactionRow): Promise<void> {
  await db(d1).insert(transactions).values(row).onConflictDoNothing().run();
}
