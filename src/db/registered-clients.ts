import { and, eq, gt, lte } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import type { Statement } from "./store";

const { oauthRegisteredClients: clients, oauthAuthorizationCodes: codes } = schema;
export type RegisteredClientRow = typeof clients.$inferSelect;

export function insertRegisteredClientStatement(d1: D1Database, row: RegisteredClientRow): Statement {
  return statementOf(d1, db(d1).insert(clients).values(row));
}

/** A metadata document's client, written again each time the document is read (its id is the document's URL). */
export function upsertRegisteredClientStatement(d1: D1Database, row: RegisteredClientRow): Statement {
  const upsert = db(d1)
    .insert(clients)
    .values(row)
    .onConflictDoUpdate({
      target: clients.id,
      set: {
        name: row.name,
        redirectUris: row.redirectUris,
        allowedScopes: row.allowedScopes,
        clientUri: row.clientUri,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      },
    });
  return statementOf(d1, upsert);
}

/** The client unless its registration expired at `now` (ISO). */
export async function findRegisteredClient(
  d1: D1Database,
  id: string,
  now: string,
): Promise<RegisteredClientRow | undefined> {
  return db(d1)
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), gt(clients.expiresAt, now)))
    .get();
}

/** A token was issued to it: it stays registered until `expiresAt`. */
export function touchRegisteredClientStatement(d1: D1Database, id: string, now: string, expiresAt: string): Statement {
  return statementOf(
    d1,
    db(d1)
      .update(clients)
      .set({ lastUsedAt: now, expiresAt })
      .where(and(eq(clients.id, id), lte(clients.expiresAt, expiresAt))),
  );
}

/** Up to `max` registrations that expired by `now`. */
export async function expiredRegisteredClients(d1: D1Database, now: string, max: number): Promise<string[]> {
  const expired = await db(d1)
    .select({ id: clients.id })
    .from(clients)
    .where(lte(clients.expiresAt, now))
    .limit(max)
    .all();
  return expired.map((r) => r.id);
}

/**
 * Deletes an expired registration and its codes, committed together; nothing when a token issued
 * meanwhile extended it past `now`.
 */
export function deleteExpiredRegisteredClientStatements(d1: D1Database, id: string, now: string): Statement[] {
  const removeCodes = db(d1).delete(codes).where(eq(codes.clientId, id));
  const removeClient = db(d1)
    .delete(clients)
    .where(and(eq(clients.id, id), lte(clients.expiresAt, now)));
  return [statementOf(d1, removeCodes), statementOf(d1, removeClient)];
}
