/**
 * The storage handles db/ repositories take. The domain holds them in its context and hands them
 * to repositories; only db/ writes SQL or KV keys against them (docs/architecture.md).
 */
export type Store = D1Database;
/** A statement a repository prepared, for a caller to commit with others in one batch (atomic in D1). */
export type Statement = D1PreparedStatement;
export type StatementResult<T = unknown> = D1Result<T>;
export type KeyValues = KVNamespace;
/** A condition in SQL with its bound values, for a statement that must only write if it holds. */
export interface Condition {
  sql: string;
  params: unknown[];
}

/**
 * A repository's write for the domain to commit (Context.commit, docs/architecture.md "One unit of
 * work"): its statements, in the order they must run, and how to read what they did from their
 * results. The repository knows which statement tells; the domain decides what else commits with it.
 */
export interface Write<T> {
  statements: Statement[];
  read: (results: StatementResult[]) => T;
}

/**
 * Reads that must see one snapshot (a page and its total count, several tallies of one moment): D1
 * runs a batch as one transaction, so no write lands between them. Only SELECTs: a write belongs in
 * the unit of work's commit, never here.
 */
export function readTogether<T = unknown>(
  d1: Store,
  statements: [Statement, ...Statement[]],
): Promise<StatementResult<T>[]> {
  return d1.batch<T>(statements);
}
