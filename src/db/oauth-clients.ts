import { and, desc, eq } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import type { Statement } from "./store";

const { oauthClients, refreshTokens } = schema;
export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type { RegistrableGrant } from "../../drizzle/schema/oauth";

export function insertClientStatement(d1: D1Database, row: OAuthClientRow): D1PreparedStatement {
  return statementOf(d1, db(d1).insert(oauthClients).values(row));
}

export async function findClientById(d1: D1Database, id: string): Promise<OAuthClientRow | undefined> {
  return db(d1).select().from(oauthClients).where(eq(oauthClients.id, id)).get();
}

export async function listClientsOfUser(d1: D1Database, userId: string): Promise<OAuthClientRow[]> {
  return db(d1)
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.ownerUserId, userId))
    .orderBy(desc(oauthClients.createdAt))
    .all();
}

/** The refresh-token families issued to a client: the access tokens' `sid`s to revoke when it goes. */
export async function familiesOfClient(d1: D1Database, id: string): Promise<string[]> {
  const rows = await db(d1)
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.clientId, id))
    .all();
  return rows.map((f) => f.familyId);
}

/**
 * Deletes a client owned by `userId` and revokes every refresh token issued to it, committed
 * together; the first statement wrote no row when there is no such client.
 */
export function deleteClientOfUserStatements(d1: D1Database, id: string, userId: string, at: string): Statement[] {
  const remove = db(d1)
    .delete(oauthClients)
    .where(and(eq(oauthClients.id, id), eq(oauthClients.ownerUserId, userId)));
  const revoke = db(d1).update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.clientId, id));
  return [statementOf(d1, remove), statementOf(d1, revoke)];
}
