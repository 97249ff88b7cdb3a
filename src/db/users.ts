import { and, eq, getTableColumns, sql } from "drizzle-orm";
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
  const insert = db(d1).insert(users).values(row).onConflictDoNothing({ target: users.email }).toSQL();
  const statements = [d1.prepare(insert.sql).bind(...insert.params)];
  if (account) {
    // INSERT … SELECT … WHERE EXISTS: the account is written only if the user row above was, built
    // whole by drizzle (every column in the table's order, each value encoded by its column).
    const values = Object.entries(getTableColumns(billingAccounts)).map(([key, column]) =>
      sql.param(account[key as keyof typeof account], column),
    );
    const accountInsert = db(d1)
      .insert(billingAccounts)
      .select(
        sql`select ${sql.join(values, sql`, `)} where exists (select 1 from ${users} where ${users.id} = ${row.id})`,
      )
      .toSQL();
    statements.push(d1.prepare(accountInsert.sql).bind(...accountInsert.params));
  }
  return { statements, read: ([inserted]) => rowWritten(inserted) };
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
