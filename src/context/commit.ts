import type { Statement, StatementResult, Store } from "../db/store";

/**
 * Context.commit for every kind of unit of work: the statements the use case lists, as one D1
 * batch, atomic in D1; nothing to write costs no round trip. `db` is read when committing: a
 * request's D1 session replaces it after the context is built (src/middleware/d1-session.ts).
 */
export function committer(db: () => Store): (statements: Statement[]) => Promise<StatementResult[]> {
  return async (statements) => (statements.length ? db().batch(statements) : []);
}
