import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * API keys (spec part 5): `sak_live_…` secrets shown once, stored only as
 * SHA-256 (256 random bits: a slow hash adds nothing). `prefix` is the first
 * characters, safe to display. `revoked_at` is the moment the key stops
 * working: now on DELETE, or now + grace period when the key is rotated.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    /** Space-separated scopes (a subset of the creator's at creation time). */
    scopes: text("scopes").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** Throttled: written at most once a minute per key. */
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    /** The key this one was rotated into, if any. */
    replacedBy: text("replaced_by"),
    /** Set for an organization's key: it acts for the organization, not for `user_id` (its creator). */
    organizationId: text("organization_id"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_unique").on(t.keyHash),
    index("api_keys_user_idx").on(t.userId, t.createdAt),
    index("api_keys_org_idx").on(t.organizationId, t.createdAt),
  ],
);
