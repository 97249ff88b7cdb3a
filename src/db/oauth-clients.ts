import { and, desc, eq } from "drizzle-orm";
import { rowWritten } from "./changes";
import { db, schema } from "./client";

const { oauthClients, refreshTokens } = schema;
export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type { RegistrableGrant } from "../../drizzle/schema/oauth";

export async function insertClient(d1: D1Database, row: OAuthClientRow): Promise<void> {
  await db(d1).insert(oauthClients).values(row).run();
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

/**
 * Delete a client owned by `userId` and revoke every refresh token issued to
 * it, atomically. Returns the refresh-token families that were live (their
 * access tokens' `sid`s) so the caller can revoke those too; null if no such client.
 */
export async function deleteClientOfUser(
  d1: D1Database,
  id: string,
  userId: string,
  at: string,
): Promise<string[] | null> {
  const families = await db(d1)
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.clientId, id))
    .all();
  const [deleted] = await db(d1).batch([
    db(d1)
      .delete(oauthClients)
      .where(and(eq(oauthClients.id, id), eq(oauthClients.ownerUserId, userId))),
    db(d1).update(refreshTokens).set({ revokedAt: at }).where(eq(refreshTokens.clientId, id)),
  ]);
  if (!rowWritten(deleted)) return null;
  return families.map((f) => f.familyId);
}
