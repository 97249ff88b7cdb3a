/**
 * A D1 binding that counts rows read and written (from D1 result metadata)
 * for one request, for the tests and the bench (bench/worker/entry.ts): production never
 * loads it. `raw()` carries no metadata, so the meter answers it through
 * `all()` and returns the row values in column order (fine for the
 * single-table reads the API makes; a join with duplicate column names would
 * need aliases).
 */
export interface D1Usage {
  rowsRead: number;
  rowsWritten: number;
  queries: number;
  /** Each statement run, in order: its SQL (first 120 characters) and rows written. */
  statements?: Array<{ sql: string; rowsWritten: number }>;
}

export function meteredD1(db: D1Database, usage: D1Usage): D1Database {
  const count = (meta: D1Meta | undefined, sql: string) => {
    usage.queries += 1;
    usage.rowsRead += meta?.rows_read ?? 0;
    usage.rowsWritten += meta?.rows_written ?? 0;
    usage.statements?.push({ sql: sql.replace(/\s+/g, " ").slice(0, 120), rowsWritten: meta?.rows_written ?? 0 });
  };
  const sqlOf = new WeakMap<object, string>();
  const wrap = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const metered = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values), sql),
      async first(column?: string) {
        const result = await stmt.all();
        count(result.meta, sql);
        const row = (result.results[0] ?? null) as Record<string, unknown> | null;
        return column ? (row?.[column] ?? null) : row;
      },
      async all() {
        const result = await stmt.all();
        count(result.meta, sql);
        return result;
      },
      async run() {
        const result = await stmt.run();
        count(result.meta, sql);
        return result;
      },
      async raw(options?: { columnNames?: boolean }) {
        const result = await stmt.all();
        count(result.meta, sql);
        const rows = result.results.map((r) => Object.values(r as Record<string, unknown>));
        if (options?.columnNames) return [Object.keys((result.results[0] as object) ?? {}), ...rows];
        return rows;
      },
      unwrap: () => stmt,
    };
    sqlOf.set(metered, sql);
    return metered as unknown as D1PreparedStatement;
  };
  const unwrap = (s: D1PreparedStatement) => (s as unknown as { unwrap?: () => D1PreparedStatement }).unwrap?.() ?? s;
  const metered = (target: Pick<D1Database, "prepare" | "batch">) => ({
    prepare: (sql: string) => wrap(target.prepare(sql), sql),
    async batch(statements: D1PreparedStatement[]) {
      const results = await target.batch(statements.map(unwrap));
      for (const [i, r] of results.entries()) count(r.meta, sqlOf.get(statements[i]!) ?? "?");
      return results;
    },
  });
  return {
    ...metered(db),
    exec: (sql: string) => db.exec(sql),
    dump: () => (db as unknown as { dump(): Promise<ArrayBuffer> }).dump(),
    // A request's D1 session (src/db/replicas.ts) is metered too.
    withSession: (c?: string) => {
      const session = db.withSession(c as never);
      return { ...metered(session as unknown as D1Database), getBookmark: () => session.getBookmark() };
    },
  } as unknown as D1Database;
}
