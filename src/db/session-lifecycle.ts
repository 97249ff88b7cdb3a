import { and, eq, inArray } from "drizzle-orm";
import type { AnalysisBody, SessionResults } from "../analysis/analyzer";
import { sourcesOf } from "../domain/sessions/state-machine";
import type { HistoryEntry, SessionStatus, Stage } from "../domain/sessions/types";
import { rowWritten } from "./changes";
import { db, schema } from "./client";
import { type LedgerEntry, sessionRefundStatements } from "./credits";

/**
 * The SessionRoom's writes to D1. Every one is idempotent, because alarms
 * are at-least-once: status changes are conditional on the source status,
 * history rows are keyed by (session, stage), refunds by (reason, session id).
 * Each returns whether it changed the session row.
 */
const { sessions, sessionHistory } = schema;
/** Whether a conditional write to one session happened (the rollup triggers only run when it did). */
const changed = rowWritten;

function historyInsert(d1: D1Database, sessionId: string, position: number, entry: HistoryEntry) {
  const q = db(d1)
    .insert(sessionHistory)
    .values({ sessionId, position, ...entry })
    .onConflictDoNothing({ target: [sessionHistory.sessionId, sessionHistory.stage] })
    .toSQL();
  return d1.prepare(q.sql).bind(...q.params);
}

function statusUpdate(d1: D1Database, id: string, to: SessionStatus, set: Partial<typeof sessions.$inferInsert>) {
  const q = db(d1)
    .update(sessions)
    .set({ ...set, status: to })
    .where(and(eq(sessions.id, id), inArray(sessions.status, sourcesOf(to))))
    .toSQL();
  return d1.prepare(q.sql).bind(...q.params);
}

export async function markProcessing(d1: D1Database, id: string, at: string, stage: Stage): Promise<boolean> {
  const [r] = await d1.batch([statusUpdate(d1, id, "processing", { startedAt: at, stage, updatedAt: at })]);
  return changed(r);
}

/** Append a finished stage to the history and move on to the next stage. */
export async function recordStage(
  d1: D1Database,
  id: string,
  position: number,
  entry: HistoryEntry,
  next: Stage | null,
): Promise<boolean> {
  const q = db(d1)
    .update(sessions)
    .set({ stage: next, updatedAt: entry.timestamp })
    .where(and(eq(sessions.id, id), eq(sessions.status, "processing")))
    .toSQL();
  const [inserted] = await d1.batch([historyInsert(d1, id, position, entry), d1.prepare(q.sql).bind(...q.params)]);
  return changed(inserted);
}

export interface Completion {
  at: string;
  duration: number;
  confidenceScore: number;
  results: SessionResults;
  analysis: AnalysisBody;
}

export async function markCompleted(d1: D1Database, id: string, c: Completion): Promise<boolean> {
  const [r] = await d1.batch([
    statusUpdate(d1, id, "completed", {
      stage: null,
      completedAt: c.at,
      duration: c.duration,
      confidenceScore: c.confidenceScore,
      results: c.results,
      analysis: c.analysis,
      updatedAt: c.at,
    }),
  ]);
  return changed(r);
}

export interface Ending {
  to: "failed" | "cancelled";
  at: string;
  /** Seconds used since started_at (0 if it never started). */
  duration: number;
  creditsPaid: number;
  refund: number;
  /**
   * The ledger row of the refund (fresh id; the (reason, session) key makes it
   * apply once). It goes to the account that paid for the session.
   */
  ledger: Omit<LedgerEntry, "accountId">;
  endReason: string;
  /** For failures: the history entry of the stage that failed. */
  history?: { position: number; entry: HistoryEntry } | undefined;
}

/**
 * Fail or cancel, refunding through the ledger, in one atomic batch (the refund
 * only with the status change). `also` (an organization's audit entry) goes
 * right after the status change and must itself be written only when
 * `changes() = 1`, so the refund's own `changes()` test still follows the status change.
 */
export async function markEnded(
  d1: D1Database,
  id: string,
  e: Ending,
  also: D1PreparedStatement[] = [],
): Promise<boolean> {
  const statements = [
    statusUpdate(d1, id, e.to, {
      stage: null,
      duration: e.duration,
      creditsRefunded: e.refund,
      creditsUsed: e.creditsPaid - e.refund,
      endReason: e.endReason,
      updatedAt: e.at,
      ...(e.to === "failed" ? { completedAt: e.at } : { cancelledAt: e.at }),
    }),
    ...also,
    // Right after the status change: the refund applies only if that changed the row.
    ...(e.refund > 0 ? sessionRefundStatements(d1, e.ledger, id, e.refund) : []),
    ...(e.history ? [historyInsert(d1, id, e.history.position, e.history.entry)] : []),
  ];
  const [r] = await d1.batch(statements);
  return changed(r);
}
