import { rowWritten } from "./changes";
/**
 * Storage of Idempotency-Key records (drizzle/schema/idempotency.ts).
 * Conditional writes settle races: of two requests with one key, exactly one
 * inserts (or takes over an expired lock) and runs.
 */
export interface IdempotencyRecord {
  requestHash: string;
  status: "in_progress" | "completed";
  responseStatus: number | null;
  responseBody: string | null;
  lockedUntil: string;
  expiresAt: string;
}

export async function findIdempotencyRecord(
  d1: D1Database,
  ownerId: string,
  key: string,
): Promise<IdempotencyRecord | null> {
  return d1
    .prepare(
      "SELECT request_hash AS requestHash, status, response_status AS responseStatus, response_body AS responseBody, locked_until AS lockedUntil, expires_at AS expiresAt FROM idempotency_keys WHERE owner_id = ?1 AND key = ?2",
    )
    .bind(ownerId, key)
    .first<IdempotencyRecord>();
}

/**
 * Claim the key: insert a fresh in-progress record, or take over one that
 * expired or whose in-progress lock lapsed. True if this request owns the key.
 */
export async function claimIdempotencyKey(
  d1: D1Database,
  r: { ownerId: string; key: string; requestHash: string; now: string; lockedUntil: string; expiresAt: string },
): Promise<boolean> {
  const result = await d1
    .prepare(
      `INSERT INTO idempotency_keys (owner_id, key, request_hash, status, created_at, locked_until, expires_at)
       VALUES (?1, ?2, ?3, 'in_progress', ?4, ?5, ?6)
       ON CONFLICT (owner_id, key) DO UPDATE SET request_hash = ?3, status = 'in_progress', response_status = NULL, response_body = NULL,
         created_at = ?4, locked_until = ?5, expires_at = ?6
       WHERE idempotency_keys.expires_at <= ?4 OR (idempotency_keys.status = 'in_progress' AND idempotency_keys.locked_until <= ?4 AND idempotency_keys.request_hash = ?3)`,
    )
    .bind(r.ownerId, r.key, r.requestHash, r.now, r.lockedUntil, r.expiresAt)
    .run();
  return rowWritten(result);
}

export async function completeIdempotencyKey(
  d1: D1Database,
  ownerId: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await d1
    .prepare(
      "UPDATE idempotency_keys SET status = 'completed', response_status = ?3, response_body = ?4 WHERE owner_id = ?1 AND key = ?2 AND status = 'in_progress'",
    )
    .bind(ownerId, key, status, body)
    .run();
}

/** Forget an unfinished key (the request failed in a way that is safe to retry). */
export async function releaseIdempotencyKey(d1: D1Database, ownerId: string, key: string): Promise<void> {
  await d1
    .prepare("DELETE FROM idempotency_keys WHERE owner_id = ?1 AND key = ?2 AND status = 'in_progress'")
    .bind(ownerId, key)
    .run();
}

/** Purge expired records (bounded per call, uses the expires_at index). */
/** Delete up to `limit` expired records (claims already treat them as free); returns how many went. */
export async function purgeExpiredIdempotencyKeys(d1: D1Database, now: string, limit = 100): Promise<number> {
  const result = await d1
    .prepare(
      "DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at <= ?1 LIMIT ?2)",
    )
    .bind(now, limit)
    .run();
  return result.meta.changes;
}
