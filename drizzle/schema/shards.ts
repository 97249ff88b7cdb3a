import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Where each billing account lives (docs/scale.md "Shards"): a directory row written with the
 * account, read by owner when the account must be found from its user or organization. `version`
 * goes up with each move between shards, so a write fenced on it fails once the account moved.
 */
export const accountPlacements = sqliteTable(
  "account_placements",
  {
    accountId: text("account_id").primaryKey(),
    ownerType: text("owner_type", { enum: ["user", "organization"] }).notNull(),
    ownerId: text("owner_id").notNull(),
    shard: integer("shard").notNull(),
    version: integer("version").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("account_placements_owner_unique").on(t.ownerType, t.ownerId),
    index("account_placements_shard_idx").on(t.shard),
  ],
);
