import type { PlacementRow } from "../../db/placements";
import type { AccountRow } from "../billing/accounts";

/**
 * The shard a new account is placed on (docs/scale.md "Placement"). Every account is placed on
 * shard 0, the directory's own database, for as long as some of the account tables are still read
 * and written there whatever the account's shard (docs/scale.md "Shards", "Where this stands");
 * the weighted draw (pickShard) decides once all of them go to the account's shard.
 */
export function shardForNewAccount(): number {
  return 0;
}

/** The directory's placement row of a new account on `shard`, created with it. */
export function placementOf(account: AccountRow, shard: number): PlacementRow {
  return {
    accountId: account.id,
    ownerType: account.ownerType,
    ownerId: account.ownerId,
    shard,
    version: 1,
    createdAt: account.createdAt,
    updatedAt: account.createdAt,
  };
}
