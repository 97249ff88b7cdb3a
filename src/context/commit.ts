import type { Statement, StatementResult, Store } from "../db/store";
import type { CommitAlongside, Outcome } from "../domain/context";

/**
 * Context.commit for every kind of unit of work: the statements, and with an outcome what the unit
 * records alongside it (a request's Idempotency-Key record), as one D1 batch, atomic in D1; nothing
 * to write costs no round trip. `db` is read when committing: a request's D1 session replaces it
 * after the context is built (src/middleware/d1-session.ts).
 */
export function committer(
  db: () => Store,
  alongside: () => CommitAlongside | undefined = () => undefined,
): (statements: Statement[], outcome?: Outcome) => Promise<StatementResult[]> {
  return async (statements, outcome) => {
    const extra = outcome && alongside();
    const all = extra ? [...statements, ...(await extra(outcome))] : statements;
    return all.length ? db().batch(all) : [];
  };
}
