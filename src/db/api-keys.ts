import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { rowWritten } from "./changes";
import { db, schema } from "./client";

const { apiKeys, users } = schema;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(d1: D1Database, row: ApiKeyRow): Promise<void> {
  await db(d1).insert(apiKeys).values(row).run();
}

/** The key and its owner's role and tier, in one query (one read per API-key request). */
export async function findApiKeyByHash(d1: D1Database, keyHash: string) {
  return db(d1)
    .select({ key: apiKeys, role: users.role, tier: users.tier })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .get();
}

export async function findApiKeyOfUser(d1: D1Database, id: string, userId: string): Promise<ApiKeyRow | undefined> {
  return db(d1)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .get();
}

export async function listApiKeysOfUser(d1: D1Database, userId: string): Promise<ApiKeyRow[]> {
  return db(d1).select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)).all();
}

/** Revoke now, unless already revoked earlier (a scheduled later revocation is brought forward). */
export async function revokeApiKey(d1: D1Database, id: string, userId: string, at: string): Promise<void> {
  await db(d1)
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(
      and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), or(isNull(apiKeys.revokedAt), gt(apiKeys.revokedAt, at))),
    )
    .run();
}

/**
 * Rotation, atomically: insert the new key and schedule the old one's
 * revocation, only if the old one was not yet revoked or rotated.
 * Returns false when it was (nothing written).
 */
export async function rotateApiKey(
  d1: D1Database,
  oldId: string,
  userId: string,
  replacement: ApiKeyRow,
  oldRevokedAt: string,
): Promise<boolean> {
  const r = replacement;
  const [updated] = await d1.batch([
    d1
      .prepare(
        "UPDATE api_keys SET revoked_at = ?1, replaced_by = ?2 WHERE id = ?3 AND user_id = ?4 AND revoked_at IS NULL",
      )
      .bind(oldRevokedAt, r.id, oldId, userId),
    // Written only if the update above claimed the old key for this replacement.
    d1
      .prepare(
        `INSERT INTO api_keys (id, user_id, name, prefix, key_hash, scopes, created_at, expires_at, last_used_at, revoked_at, replaced_by)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, NULL, NULL WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = ?9 AND replaced_by = ?1)`,
      )
      .bind(r.id, r.userId, r.name, r.prefix, r.keyHash, r.scopes, r.createdAt, r.expiresAt, oldId),
  ]);
  return rowWritten(updated);
}

/**
 * Record use, at most once per `throttleMs` per key: a conditional write that
 * the caller only issues when the row it already read looks stale.
 */
export async function touchApiKey(d1: D1Database, id: string, at: string, staleBefore: string): Promise<void> {
  await db(d1)
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
    .run();
}
