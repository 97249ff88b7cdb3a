import { eq } from "drizzle-orm";
import { rowWritten } from "./changes";
import { db, schema } from "./client";
import { type LedgerEntry, signupGrantStatement } from "./credits";

export type UserRow = typeof schema.users.$inferSelect;
export type NewUserRow = typeof schema.users.$inferInsert;

const { users } = schema;

export async function findUserById(d1: D1Database, id: string): Promise<UserRow | undefined> {
  return db(d1).select().from(users).where(eq(users.id, id)).get();
}

export async function findUserByEmail(d1: D1Database, email: string): Promise<UserRow | undefined> {
  return db(d1).select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

/**
 * Insert a user with their starting balance and its ledger row, atomically
 * (one batch). Returns false when the email is already taken (unique index);
 * the ledger row is then not written either, since it depends on the user row.
 */
export async function insertUser(d1: D1Database, row: NewUserRow, grant: LedgerEntry): Promise<boolean> {
  const insert = db(d1).insert(users).values(row).onConflictDoNothing({ target: users.email }).toSQL();
  const [inserted] = await d1.batch([
    d1.prepare(insert.sql).bind(...insert.params),
    signupGrantStatement(d1, grant, row.credits ?? 0),
  ]);
  return rowWritten(inserted);
}

export async function recordLogin(d1: D1Database, id: string, at: string, country: string): Promise<void> {
  await db(d1).update(users).set({ lastLogin: at, country }).where(eq(users.id, id)).run();
}

export async function updateProfile(
  d1: D1Database,
  id: string,
  patch: Partial<Pick<UserRow, "username" | "prefNotifications" | "prefTheme" | "prefLanguage">>,
): Promise<UserRow | undefined> {
  if (Object.keys(patch).length === 0) return findUserById(d1, id);
  return db(d1).update(users).set(patch).where(eq(users.id, id)).returning().get();
}
