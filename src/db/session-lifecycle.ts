import { and, eq, inArray, sql } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { StoredResults } from "../analysis/analyzer";
import type { HistoryEntry, SessionStatus, Stage } from "../domain/sessions/types";
import { db, schema, statementOf } from "./client";
import { type RefundEntry, sessionRefundStatements } from "./credits";
import type { Statement } from "./store";

/**
 * The statements of a session's life, as its room moves it along (src/domain/sessions/lifecycle.ts
 * commits them). Every one is idempotent, because alarms are at-least-once: status changes are
 * conditional on the source status, history rows are keyed by (session, stage), refunds by
 * (reason, session id), the content by the pointer the end wrote. The first statement of each is the
 * session's own change: whether it wrote says whether the step happened.
 */
const { sessions, sessionHistory } = schema;

function historyInsert(d1: D1Database, sessionId: string, position: number, entry: HistoryEntry) {
  const q = db(d1)
    .insert(sessionHistory)
    .values({ sessionId, position, ...entry })
    .onConflictDoNothing({ target: [sessionHistory.sessionId, sessionHistory.stage] });
  return statementOf(d1, q);
}

/**
 * A status change, conditional on the session being in one of `from` (the state machine's sources
 * of `to`, src/domain/sessions/state-machine.ts, which the caller passes: the rule is not the
 * repository's).
 */
function statusUpdate(
  d1: D1Database,
  id: string,
  move: { from: readonly SessionStatus[]; to: SessionStatus },
  set: SQLiteUpdateSetSource<typeof sessions>,
) {
  const q = db(d1)
    .update(sessions)
    .set({ ...set, status: move.to })
    .where(and(eq(sessions.id, id), inArray(sessions.status, [...move.from])));
  return statementOf(d1, q);
}

/**
 * The next row of session_content, pointed at by the end's own UPDATE: D1 runs one batch at a time,
 * so no other end takes the number between that UPDATE and the content's INSERT.
 */
const NEXT_CONTENT_ID = sql`(SELECT COALESCE(MAX(id), 0) + 1 FROM session_content)`;

/**
 * An ended session's content (its deflated analysis and history) under the number its end pointed
 * at, then its history rows, now in that content, deleted. Both only once the pointer is set and
 * its row missing, so a repeated end writes nothing: they follow the end's own UPDATE in its batch.
 */
function contentStatements(d1: D1Database, id: string, body: Uint8Array): Statement[] {
  return [
    d1
      .prepare(
        `INSERT INTO session_content (id, body) SELECT content_id, ?2 FROM sessions
          WHERE id = ?1 AND content_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM session_content c WHERE c.id = sessions.content_id)`,
      )
      .bind(id, body),
    d1
      .prepare(
        "DELETE FROM session_history WHERE session_id = ?1 AND EXISTS (SELECT 1 FROM sessions WHERE id = ?1 AND content_id IS NOT NULL)",
      )
      .bind(id),
  ];
}

export function processingStatement(
  d1: D1Database,
  id: string,
  at: string,
  stage: Stage,
  from: readonly SessionStatus[],
): Statement {
  return statusUpdate(d1, id, { from, to: "processing" }, { startedAt: at, stage, updatedAt: at });
}

/** A finished stage appended to the history (first: whether it was new), and the next stage. */
export function stageStatements(
  d1: D1Database,
  id: string,
  position: number,
  entry: HistoryEntry,
  next: Stage | null,
): Statement[] {
  const q = db(d1)
    .update(sessions)
    .set({ stage: next, updatedAt: entry.timestamp })
    .where(and(eq(sessions.id, id), eq(sessions.status, "processing")));
  return [historyInsert(d1, id, position, entry), statementOf(d1, q)];
}

export interface Completion {
  at: string;
  duration: number;
  confidenceScore: number;
  results: StoredResults;
  /** The deflated content: the rest of the analysis and the stage history. */
  content: Uint8Array;
}

export function completionStatements(
  d1: D1Database,
  id: string,
  c: Completion,
  from: readonly SessionStatus[],
): Statement[] {
  return [
    statusUpdate(
      d1,
      id,
      { from, to: "completed" },
      {
        stage: null,
        completedAt: c.at,
        duration: c.duration,
        confidenceScore: c.confidenceScore,
        results: c.results,
        contentId: NEXT_CONTENT_ID,
        updatedAt: c.at,
      },
    ),
    ...contentStatements(d1, id, c.content),
  ];
}

export interface Ending {
  to: "failed" | "cancelled";
  at: string;
  /** Seconds used since started_at (0 if it never started). */
  duration: number;
  creditsPaid: number;
  refund: number;
  /**
   * The ledger row of the refund (fresh ids; the (reason, session) key makes it
   * apply once). It goes to the account that paid for the session, to the bucket that paid.
   */
  ledger: RefundEntry;
  endReason: string;
  /** The deflated content (the stage history, the failed stage's last), or null when no stage ran. */
  content?: Uint8Array | null | undefined;
}

/**
 * Fail or cancel, refunding through the ledger, in one atomic batch (the refund
 * only with the status change). `also` (an organization's audit entry) goes
 * right after the status change and must itself be written only when
 * `changes() = 1`, so the refund's own `changes()` test still follows the status change.
 */
export function endingStatements(
  d1: D1Database,
  id: string,
  e: Ending,
  from: readonly SessionStatus[],
  also: Statement[] = [],
): Statement[] {
  return [
    statusUpdate(
      d1,
      id,
      { from, to: e.to },
      {
        stage: null,
        duration: e.duration,
        creditsRefunded: e.refund,
        creditsUsed: e.creditsPaid - e.refund,
        endReason: e.endReason,
        updatedAt: e.at,
        ...(e.content ? { contentId: NEXT_CONTENT_ID } : {}),
        ...(e.to === "failed" ? { completedAt: e.at } : { cancelledAt: e.at }),
      },
    ),
    ...also,
    // Right after the status change: the refund applies only if that changed the row.
    ...(e.refund > 0 ? sessionRefundStatements(d1, e.ledger, id, e.refund) : []),
    ...(e.content ? contentStatements(d1, id, e.content) : []),
  ];
}
