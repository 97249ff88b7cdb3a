import { getTableColumns, sql } from "drizzle-orm";
import { db, schema } from "./client";
import type { Statement, Store } from "./store";

const { accountPlacements, users } = schema;
export type PlacementRow = typeof accountPlacements.$inferSelect;

/**
 * A new account's placement (docs/scale.md "Shards"), written in the directory with its owner. With
 * `onlyIfUser`, only if that user row exists by then in the batch: a registration whose email was
 * taken writes no user, so no placement either.
 */
export function insertPlacementStatement(d1: Store, row: PlacementRow, onlyIfUser?: string): Statement {
  if (onlyIfUser === undefined) {
    const q = db(d1).insert(accountPlacements).values(row).toSQL();
    return d1.prepare(q.sql).bind(...q.params);
  }
  const values = Object.entries(getTableColumns(accountPlacements)).map(([key, column]) =>
    sql.param(row[key as keyof PlacementRow], column),
  );
  const q = db(d1)
    .insert(accountPlacements)
    .select(
      sql`select ${sql.join(values, sql`, `)} where exists (select 1 from ${users} where ${users.id} = ${onlyIfUser})`,
    )
    .toSQL();
  return d1.prepare(q.sql).bind(...q.params);
}
