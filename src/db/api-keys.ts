import { and, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { db, schema, statementOf } from "./client";
import type { Statement } from "./store";

const { apiKeys, users } = schema;
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Inserts a key. */
export function insertApiKeyStatement(d1: D1Database, row: ApiKeyRow): Statement {
  const insert = db(d1).insert(apiKeys).values(row);
  return statementOf(d1, insert);
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

/** Whose keys: an organization's, or a user's personal ones. */
export type KeyOwner = { organizationId: string } | { userId: string };

function ownedBy(owner: KeyOwner) {
  return "organizationId" in owner
    ? eq(apiKeys.organizationId, owner.organizationId)
    : and(eq(apiKeys.userId, owner.userId), isNull(apiKeys.organizationId));
}

export async function findApiKeyOf(d1: D1Database, id: string, owner: KeyOwner): Promise<ApiKeyRow | undefined> {
  return db(d1)
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), ownedBy(owner)))
    .get();
}

export async function listApiKeysOf(d1: D1Database, owner: KeyOwner): Promise<ApiKeyRow[]> {
  return db(d1).select().from(apiKeys).where(ownedBy(owner)).orderBy(desc(apiKeys.createdAt)).all();
}

/**
 * Revokes now, unless already revoked earlier (a scheduled later revocation is brought forward).
 * It wrote a row (db/changes.ts `rowWritten`) only if this call revoked the key.
 */
export function revokeApiKeyStatement(d1: D1Database, id: string, userId: string, at: string): Statement {
  const update = db(d1)
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(
      and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), or(isNull(apiKeys.revokedAt), gt(apiKeys.revokedAt, at))),
    );
  return statementOf(d1, update);
}

/**
 * Rotation, committed together: schedule the old key's revocation and insert the new key, only if
 * the old one was not yet revoked or rotated. The first statement wrote no row when it was (and
 * then neither writes).
 */
export function rotateApiKeyStatements(
  d1: D1Database,
  oldId: string,
  userId: string,
  replacement: ApiKeyRow,
  oldRevokedAt: string,
): Statement[] {
  const r = replacement;
  return [
    d1
      .prepare(
        "UPDATE api_keys SET revoked_at = ?1, replaced_by = ?2 WHERE id = ?3 AND user_id = ?4 AND revoked_at IS NULL",
      )
      .bind(oldRevokedAt, r.id, oldId, userId),
    // Written only if the update above claimed the old key for this replacement.
    d1
      .prepare(
        `INSERT INTO api_keys (id, user_id, name, prefix, key_hash, scopes, created_at, expires_at, last_used_at, revoked_at, replaced_by, organization_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, NULL, NULL, ?10 WHERE EXISTS (SELECT 1 FROM api_keys WHERE id = ?9 AND replaced_by = ?1)`,
      )
      .bind(r.id, r.userId, r.name, r.prefix, r.keyHash, r.scopes, r.createdAt, r.expiresAt, oldId, r.organizationId),
  ];
}

/**
 * Record use, at most once per `throttleMs` per key: a conditional write that
 * the caller only issues when the row it already read looks stale.
 */
export function touchApiKeyStatement(d1: D1Database, id: string, at: string, staleBefore: string): D1PreparedStatement {
  const touch = db(d1)
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  return statementOf(d1, touch);
}
