import type { Statement, Write } from "./store";

/**
 * Whether a write aimed at one row (by key, or conditional) happened.
 * D1's `meta.changes` is the connection's total change count for the
 * statement: it includes rows written by triggers (the session rollups,
 * migration 0006) and rows removed by ON DELETE CASCADE (a webhook's
 * deliveries). So "the row was written" is `> 0`, never `=== 1`.
 * (SQLite's own `changes()` function, used inside batches, excludes both.)
 */
export const rowWritten = (result: D1Result | undefined): boolean => (result?.meta.changes ?? 0) > 0;

/** A one-statement write that reads whether it wrote its row (rowWritten), for the domain to commit. */
export const rowWrite = (statement: Statement): Write<boolean> => ({
  statements: [statement],
  read: ([result]) => rowWritten(result),
});
