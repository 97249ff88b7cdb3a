import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { rowWritten } from "./changes";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

export type UserRow = typeof schema.users.$inferSelect;
export type NewUserRow = typeof schema.users.$inferInsert;

const { users, billingAccounts } = schema;

/**
 * A user with `tier` and `credits` taken from their own billing account
 * (the source of both), so every User resource shows the account's plan and balance.
 */
function selectUser(d1: D1Database) {
  return db(d1)
    .select({ ...getTableColumns(users), tier: billingAccounts.tier, credits: billingAccounts.balance })
    .from(users)
    .innerJoin(billingAccounts, and(eq(billingAccounts.ownerType, "user"), eq(billingAccounts.ownerId, users.id)));
}

export async function findUserById(d1: D1Database, id: string): Promise<UserRow | undefined> {
  return selectUser(d1).where(eq(users.id, id)).get();
}

export async function findUserByEmail(d1: D1Database, email: string): Promise<UserRow | undefined> {
  return selectUser(d1).where(eq(users.email, email.toLowerCase())).get();
}

/**
 * Inserts a user and their billing account, committed together. It reads false when the email is
 * already taken (unique index); the account is then not written either, since it depends on the row
 * before it.
 */
export function insertUserWrite(
  d1: D1Database,
  row: NewUserRow,
  /** Its billing account, when it is on this database too (shard 0); an account on another shard is written there first. */
  account?: typeof billingAccounts.$inferSelect,
): Write<boolean> {
  const insert = db(d1).insert(users).values(row).onConflictDoNothing({ target: users.email });
  const statements = [statementOf(d1, insert)];
  // The account is written only if the user row above was.
  if (account) statements.push(insertIfUserExists(d1, billingAccounts, account, row.id));
  return { statements, read: ([inserted]) => rowWritten(inserted) };
}

/**
 * `row` into `table` only if user `userId` exists by then in the batch (INSERT … SELECT … WHERE
 * EXISTS), built whole by drizzle: every column in the table's order, each value encoded by its column.
 */
export function insertIfUserExists<T extends SQLiteTable>(
  d1: D1Database,
  table: T,
  row: T["$inferSelect"],
  userId: string,
): Statement {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) =>
    sql.param((row as Record<string, unknown>)[key], column),
  );
  const insert = db(d1)
    .insert(table)
    .select(
      sql`select ${sql.join(values, sql`, `)} where exists (select 1 from ${users} where ${users.id} = ${userId})`,
    );
  return statementOf(d1, insert);
}

/** A sign-in's mark on the account: when, and from which country. */
export function loginStatement(d1: D1Database, id: string, at: string, country: string): Statement {
  return statementOf(d1, db(d1).update(users).set({ lastLogin: at, country }).where(eq(users.id, id)));
}

/** The profile's changed fields (none: nothing to write). */
export function profileStatements(
  d1: D1Database,
  id: string,
  patch: Partial<Pick<UserRow, "username" | "prefNotifications" | "prefTheme" | "prefLanguage">>,
): Statement[] {
  if (Object.keys(patch).length === 0) return [];
  return [statementOf(d1, db(d1).update(users).set(patch).where(eq(users.id, id)))];
}
