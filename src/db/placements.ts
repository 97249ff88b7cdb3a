import { db, schema, statementOf } from "./client";
import type { Statement, Store } from "./store";
import { insertIfUserExists } from "./users";

const { accountPlacements } = schema;
export type PlacementRow = typeof accountPlacements.$inferSelect;

/**
 * A new account's placement (docs/scale.md "Shards"), written in the directory with its owner. With
 * `onlyIfUser`, only if that user row exists by then in the batch: a registration whose email was
 * taken writes no user, so no placement either.
 */
export function insertPlacementStatement(d1: Store, row: PlacementRow, onlyIfUser?: string): Statement {
  if (onlyIfUser === undefined) {
    const q = db(d1).insert(accountPlacements).values(row);
    return statementOf(d1, q);
  }
  return insertIfUserExists(d1, accountPlacements, row, onlyIfUser);
}
