import { eq } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import { rowReader } from "./row-sql";

const { billingAccounts } = schema;
export type AccountRow = typeof billingAccounts.$inferSelect;
export type OwnerType = AccountRow["ownerType"];

/** Read on every write's path (the acting account of a creation, a debit): src/db/row-sql.ts. */
const readAccountByOwner = rowReader(billingAccounts, "owner_type = ?1 AND owner_id = ?2");

export function findAccountByOwner(
  d1: D1Database,
  ownerType: OwnerType,
  ownerId: string,
): Promise<AccountRow | undefined> {
  return readAccountByOwner(d1, ownerType, ownerId);
}

export async function findAccount(d1: D1Database, id: string): Promise<AccountRow | undefined> {
  return db(d1).select().from(billingAccounts).where(eq(billingAccounts.id, id)).get();
}

/** The INSERT of a new account, for a batch that also writes its signup grant. */
export function insertAccountStatement(d1: D1Database, row: AccountRow): D1PreparedStatement {
  const q = db(d1).insert(billingAccounts).values(row).onConflictDoNothing();
  return statementOf(d1, q);
}
