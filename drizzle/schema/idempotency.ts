import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Idempotency-Key records (src/middleware/idempotency.ts): per principal and
 * key, a hash of the request and, once finished, the response to replay.
 * Kept at least 24 hours (expires_at); expired rows are purged lazily.
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
  (t) => [primaryKey({ columns: [t.ownerId, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
