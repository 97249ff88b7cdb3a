import { getTableColumns, getTableName, type Table } from "drizzle-orm";

/**
 * A SELECT of one table's whole row, its SQL written once per isolate from the table definition
 * (columns aliased to the row's keys) rather than rebuilt by the query builder on every call: for
 * the reads on every request's path (a session by id, the acting billing account). `where` uses
 * the positional parameters ?1, ?2… given to the reader in order; JSON columns are parsed as
 * drizzle would.
 */
export function rowReader<T extends Table>(table: T, where: string) {
  const columns = Object.entries(getTableColumns(table));
  const sql = `SELECT ${columns.map(([key, col]) => `"${col.name}" AS "${key}"`).join(", ")} FROM "${getTableName(table)}" WHERE ${where}`;
  const jsonKeys = columns.filter(([, col]) => col.columnType === "SQLiteTextJson").map(([key]) => key);
  return async (d1: D1Database, ...params: unknown[]): Promise<T["$inferSelect"] | undefined> => {
    const row = await d1
      .prepare(sql)
      .bind(...params)
      .first<Record<string, unknown>>();
    if (!row) return undefined;
    for (const key of jsonKeys) if (typeof row[key] === "string") row[key] = JSON.parse(row[key] as string);
    return row as T["$inferSelect"];
  };
}
