/**
 * The storage handles db/ repositories take. The domain holds them in its context and hands them
 * to repositories; only db/ writes SQL or KV keys against them (docs/architecture.md).
 */
export type Store = D1Database;
/** A statement a repository prepared, for a caller to commit with others in one batch (atomic in D1). */
export type Statement = D1PreparedStatement;
export type StatementResult = D1Result;
export type KeyValues = KVNamespace;
/** A condition in SQL with its bound values, for a statement that must only write if it holds. */
export interface Condition {
  sql: string;
  params: unknown[];
}
