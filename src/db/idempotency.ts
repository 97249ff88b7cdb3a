import { rowWritten } from "./changes";
import type { Condition, Statement, Write } from "./store";
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

/** What claims a key: the key's fields, when the request started, how long its lock holds, when it expires (ISO). */
export interface Claim {
  ownerId: string;
  key: string;
  requestHash: string;
  now: string;
  lockedUntil: string;
  expiresAt: string;
}

/**
 * Claim the key: insert a fresh in-progress record, or take over one that
 * expired or whose in-progress lock lapsed. True if this request owns the key.
 */
export function claimWrite(d1: D1Database, r: Claim): Write<boolean> {
  const claim = d1
    .prepare(
      `INSERT INTO idempotency_keys (owner_id, key, request_hash, status, created_at, locked_until, expires_at)
       VALUES (?1, ?2, ?3, 'in_progress', ?4, ?5, ?6)
       ON CONFLICT (owner_id, key) DO UPDATE SET request_hash = ?3, status = 'in_progress', response_status = NULL, response_body = NULL,
         created_at = ?4, locked_until = ?5, expires_at = ?6
       WHERE idempotency_keys.expires_at <= ?4 OR (idempotency_keys.status = 'in_progress' AND idempotency_keys.locked_until <= ?4 AND idempotency_keys.request_hash = ?3)`,
    )
    .bind(r.ownerId, r.key, r.requestHash, r.now, r.lockedUntil, r.expiresAt);
  return { statements: [claim], read: ([result]) => rowWritten(result) };
}

/** Complete a claimed key with the response it stands for (sealed). */
export function completeStatement(
  d1: D1Database,
  ownerId: string,
  key: string,
  status: number,
  body: string,
): Statement {
  return d1
    .prepare(
      "UPDATE idempotency_keys SET status = 'completed', response_status = ?3, response_body = ?4 WHERE owner_id = ?1 AND key = ?2 AND status = 'in_progress'",
    )
    .bind(ownerId, key, status, body);
}

/** Forget an unfinished key (the request failed in a way that is safe to retry). */
export function releaseStatement(d1: D1Database, ownerId: string, key: string): Statement {
  return d1
    .prepare("DELETE FROM idempotency_keys WHERE owner_id = ?1 AND key = ?2 AND status = 'in_progress'")
    .bind(ownerId, key);
}

/** A record written in the batch that does the work (the work and the key commit together or not at all). */
export interface AtomicRecord {
  ownerId: string;
  key: string;
  requestHash: string;
  /** This request's start (ISO): also what identifies its record when it must be forgotten. */
  now: string;
  expiresAt: string;
  /** An expired record (or a lapsed in-progress one) holds the key: delete it in the same batch. */
  takeOver: boolean;
}

/**
 * The statements that store a finished record inside the work's own batch,
 * written only if `onlyIf` holds (the work happened). The INSERT is plain: if
 * another request stored this key first, it fails on the primary key and the
 * whole batch, the work included, rolls back (`isKeyTaken`).
 */
export function atomicRecordStatements(
  d1: D1Database,
  r: AtomicRecord,
  response: { status: number; sealedBody: string },
  onlyIf: Condition,
): D1PreparedStatement[] {
  const insert = d1
    .prepare(
      `INSERT INTO idempotency_keys (owner_id, key, request_hash, status, response_status, response_body, created_at, locked_until, expires_at)
       SELECT ?1, ?2, ?3, 'completed', ?4, ?5, ?6, ?6, ?7 WHERE ${onlyIf.sql}`,
    )
    .bind(r.ownerId, r.key, r.requestHash, response.status, response.sealedBody, r.now, r.expiresAt, ...onlyIf.params);
  if (!r.takeOver) return [insert];
  return [
    d1
      .prepare(
        "DELETE FROM idempotency_keys WHERE owner_id = ?1 AND key = ?2 AND (expires_at <= ?3 OR (status = 'in_progress' AND locked_until <= ?3))",
      )
      .bind(r.ownerId, r.key, r.now),
    insert,
  ];
}

/** Whether a batch failed because another request stored the same key first. */
export const isKeyTaken = (err: unknown): boolean =>
  err instanceof Error && /UNIQUE constraint failed: idempotency_keys\./.test(err.message);

/** Store a finished record on its own (a refusal the work ended in); false if the key is taken. */
export function storeWrite(
  d1: D1Database,
  r: AtomicRecord,
  response: { status: number; sealedBody: string },
): Write<boolean> {
  const store = d1
    .prepare(
      `INSERT INTO idempotency_keys (owner_id, key, request_hash, status, response_status, response_body, created_at, locked_until, expires_at)
       VALUES (?1, ?2, ?3, 'completed', ?4, ?5, ?6, ?6, ?7)
       ON CONFLICT (owner_id, key) DO UPDATE SET request_hash = ?3, status = 'completed', response_status = ?4, response_body = ?5,
         created_at = ?6, locked_until = ?6, expires_at = ?7
       WHERE idempotency_keys.expires_at <= ?6 OR (idempotency_keys.status = 'in_progress' AND idempotency_keys.locked_until <= ?6)`,
    )
    .bind(r.ownerId, r.key, r.requestHash, response.status, response.sealedBody, r.now, r.expiresAt);
  return { statements: [store], read: ([result]) => rowWritten(result) };
}

/** Forget the record this request stored in its batch (the work was undone afterwards: safe to retry). */
export function forgetStatement(d1: D1Database, r: AtomicRecord): Statement {
  return d1
    .prepare("DELETE FROM idempotency_keys WHERE owner_id = ?1 AND key = ?2 AND created_at = ?3 AND request_hash = ?4")
    .bind(r.ownerId, r.key, r.now, r.requestHash);
}

/** Where the purge stopped: the last (owner_id, key) it looked at, or null to start from the beginning. */
export type PurgeCursor = { ownerId: string; key: string } | null;

/**
 * Delete the expired records among the next `limit` records in key order
 * after `cursor` (there is no expires_at index: a creation writes one row).
 * Reads how many went and where to continue (null once the end is reached).
 */
export function purgeExpiredWrite(
  d1: D1Database,
  now: string,
  cursor: PurgeCursor,
  limit = 1000,
): Write<{ deleted: number; next: PurgeCursor }> {
  const after = cursor ? "WHERE (owner_id, key) > (?1, ?2)" : "WHERE ?1 IS NULL AND ?2 IS NULL";
  const chunk = `SELECT owner_id, key, expires_at FROM idempotency_keys ${after} ORDER BY owner_id, key LIMIT ?3`;
  return {
    statements: [
      d1
        // The chunk's last key, and its position (how many the chunk holds: fewer than `limit` at the end).
        .prepare(
          `SELECT owner_id, key, n FROM (SELECT owner_id, key, row_number() OVER () AS n FROM (${chunk})) ORDER BY n DESC LIMIT 1`,
        )
        .bind(cursor?.ownerId ?? null, cursor?.key ?? null, limit),
      d1
        .prepare(
          `DELETE FROM idempotency_keys WHERE (owner_id, key) IN (SELECT owner_id, key FROM (${chunk}) WHERE expires_at <= ?4)`,
        )
        .bind(cursor?.ownerId ?? null, cursor?.key ?? null, limit, now),
    ],
    read: ([last, deleted]) => {
      const row = last?.results[0] as { owner_id: string; key: string; n: number } | undefined;
      const next = row && row.n >= limit ? { ownerId: row.owner_id, key: row.key } : null;
      return { deleted: deleted?.meta.changes ?? 0, next };
    },
  };
}
