import { getTableColumns, getTableName, is, SQL, type Table } from "drizzle-orm";

/*
 * Whole-row statements whose SQL is written once per isolate from the table definition rather
 * than rebuilt by the query builder on every call: for the statements on every request's path
 * (a session read by id, the acting billing account, a creation's INSERT). Values go through each
 * column's own driver mapping (JSON columns stringified and parsed as drizzle would).
 */

/**
 * A SELECT of one table's row, read with `raw()` (the values in column order: D1 then builds no
 * object per row, and this one names the values with the row's keys). `where` uses the
 * positional parameters ?1, ?2… given to the reader in order. Columns named in `omit` are not
 * read (a large column most readers never use: the whole row crosses from D1 and is parsed).
 * `also` adds SQL expressions read beside the row (a scalar subquery), each under its key.
 */
export function rowReader<
  T extends Table,
  O extends keyof T["$inferSelect"] & string = never,
  A extends Record<string, unknown> = Record<never, never>,
>(
  table: T,
  where: string,
  omit: readonly O[] = [],
  also: { [K in keyof A]: string } = {} as { [K in keyof A]: string },
) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => !(omit as readonly string[]).includes(key));
  const extra = Object.entries(also) as [string, string][];
  const sql = `SELECT ${[...columns.map(([, col]) => `"${col.name}"`), ...extra.map(([, expr]) => expr)].join(", ")} FROM "${getTableName(table)}" WHERE ${where}`;
  const keys = [...columns.map(([key]) => key), ...extra.map(([key]) => key)];
  const json = columns.map(([, col]) => col.columnType === "SQLiteTextJson");
  return async (d1: D1Database, ...params: unknown[]): Promise<(Omit<T["$inferSelect"], O> & A) | undefined> => {
    const [values] = await d1
      .prepare(sql)
      .bind(...params)
      .raw();
    if (!values) return undefined;
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      row[keys[i]!] = json[i] && typeof value === "string" ? JSON.parse(value) : value;
    }
    return row as Omit<T["$inferSelect"], O> & A;
  };
}

/**
 * An INSERT of one table's whole row: `columns` is `"t" ("a", "b", …)`, `parameters` one SQL
 * parameter `?` per column, and `values(row)` the row's values in that order (a missing value
 * takes the column's plain default, else NULL), for `INSERT INTO ${columns} VALUES (?…)` or
 * `… SELECT ?… WHERE …`. A column named in `computed` takes that SQL expression instead, whose
 * one `?` is bound to the row's value of the key given with it (a value the batch computes, e.g.
 * read from the row a statement before it wrote).
 */
export function rowInserter<T extends Table>(
  table: T,
  computed: Partial<
    Record<keyof T["$inferInsert"] & string, { sql: string; param: keyof T["$inferInsert"] & string }>
  > = {},
) {
  const entries = Object.entries(getTableColumns(table));
  const expressions = computed as Record<string, { sql: string; param: string } | undefined>;
  const columns = `"${getTableName(table)}" (${entries.map(([, col]) => `"${col.name}"`).join(", ")})`;
  const parameters = entries.map(([key]) => expressions[key]?.sql ?? "?").join(", ");
  const values = (row: T["$inferInsert"]): unknown[] =>
    entries.map(([key, col]) => {
      const expression = expressions[key];
      if (expression) return (row as Record<string, unknown>)[expression.param];
      const value = (row as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) return col.mapToDriverValue(value);
      if (value === undefined && col.default !== undefined && !is(col.default, SQL))
        return col.mapToDriverValue(col.default);
      return null;
    });
  return { columns, parameters, values };
}
