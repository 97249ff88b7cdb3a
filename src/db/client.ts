import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "../../drizzle/schema";

export type Db = DrizzleD1Database<typeof schema>;

const cache = new WeakMap<D1Database, Db>();

/** One drizzle client per D1 binding per isolate (built once, not per request). */
export function db(d1: D1Database): Db {
  let client = cache.get(d1);
  if (!client) {
    client = drizzle(d1, { schema });
    cache.set(d1, client);
  }
  return client;
}

export { schema };

/** A query drizzle built, as a statement for the domain's commit (D1 batches prepared statements). */
export function statementOf(
  d1: D1Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return d1.prepare(sql).bind(...params);
}
