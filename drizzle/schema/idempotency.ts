import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Idempotency-Key records (src/middleware/idempotency.ts): per principal and
 * key, a hash of the request and, once finished, the response to replay.
 * Kept at least 24 hours (expires_at); a claim treats an expired record as
 * free, and the scheduled maintenance deletes them in bounded chunks.
 *
 * WITHOUT ROWID (migration idempotency_without_rowid; drizzle cannot declare
 * it), keyed (owner_id, key), with no index beside the key: a record is one
 * b-tree entry, so the one a session's creation writes in its own batch costs
 * one D1 row. The purge walks the key in order from a cursor instead of an
 * expires_at index (docs/scale.md).
 */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** The principal's user id: keys are namespaced per user. */
    ownerId: text("owner_id").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, route and canonical body. */
    requestHash: text("request_hash").notNull(),
    status: text("status", { enum: ["in_progress", "completed"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: text("created_at").notNull(),
    /** An in-progress lock expires sooner (a crashed request must not block its key forever). */
    lockedUntil: text("locked_until").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] })],
);
