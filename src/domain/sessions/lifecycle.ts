import type { AnalysisBody } from "../../analysis/analyzer";
import { type AuditRow, insertAuditStatement } from "../../db/audit-log";
import { rowWritten } from "../../db/changes";
import {
  completionStatements,
  type Ending,
  endingStatements,
  processingStatement,
  stageStatements,
} from "../../db/session-lifecycle";
import { type Reprice, type RepriceResult, repriceWrite } from "../../db/session-priority";
import { findSession, findSessionWithContent, historyOf, type SessionRow } from "../../db/sessions";
import type { Context } from "../context";
import { commitWrite } from "../unit-of-work";
import { fullRow, storedOf } from "./archive";
import { analysisRestOf, encodeContent, type StoredSession, storedResultsOf } from "./content";
import { historyEntry } from "./resources";
import { sourcesOf } from "./state-machine";
import type { HistoryEntry, Stage } from "./types";

/**
 * The stored side of a session's life, as its room (src/durable-objects/session-room/) moves it
 * along the state machine: the room owns the order of steps, these write them, each step one
 * commit. Every write is conditional on the state it expects (db/session-lifecycle.ts), so a
 * repeated step is a no-op; each returns whether its step happened.
 */

export async function storedSession(ctx: Context, input: { sessionId: string }): Promise<SessionRow | undefined> {
  const row = await findSession(ctx.db, input.sessionId);
  return row && fullRow(ctx, row);
}

/** The session with its content (an ended session's analysis and history). */
export async function storedSessionWithContent(
  ctx: Context,
  input: { sessionId: string },
): Promise<StoredSession | undefined> {
  const found = await findSessionWithContent(ctx.db, input.sessionId);
  if (!found) return undefined;
  const { contentBody, ...row } = found;
  return storedOf(ctx, { row, contentBody });
}

/** The history of the stages so far: the rows while the session runs, its content once it `ended`. */
export async function storedHistory(
  ctx: Context,
  input: { sessionId: string; ended: boolean },
): Promise<HistoryEntry[]> {
  if (input.ended) return (await storedSessionWithContent(ctx, input))?.content?.history ?? [];
  return (await historyOf(ctx.db, input.sessionId)).map(historyEntry);
}

/** pending → processing at `at`, in `stage`; false when the session was not pending. */
export async function startProcessing(ctx: Context, input: { sessionId: string; at: string; stage: Stage }) {
  const [moved] = await ctx.commit([
    processingStatement(ctx.db, input.sessionId, input.at, input.stage, sourcesOf("processing")),
  ]);
  return rowWritten(moved);
}

/** A finished stage (history position `position`), and the next stage (null: the last); false if already recorded. */
export async function recordSessionStage(
  ctx: Context,
  input: { sessionId: string; position: number; entry: HistoryEntry; next: Stage | null },
) {
  const [inserted] = await ctx.commit(
    stageStatements(ctx.db, input.sessionId, input.position, input.entry, input.next),
  );
  return rowWritten(inserted);
}

/**
 * processing → completed with its analysis: the row keeps the Session's results, the content
 * (the rest of the analysis and the stage history, `history`) goes to session_content.
 */
export async function completeSession(
  ctx: Context,
  input: {
    sessionId: string;
    completion: { at: string; duration: number; confidenceScore: number; analysis: AnalysisBody };
    history: HistoryEntry[];
  },
) {
  const { analysis, ...completion } = input.completion;
  const content = await encodeContent({ analysis: analysisRestOf(analysis), history: input.history });
  const [moved] = await ctx.commit(
    completionStatements(
      ctx.db,
      input.sessionId,
      { ...completion, results: storedResultsOf(analysis), content },
      sourcesOf("completed"),
    ),
  );
  return rowWritten(moved);
}

/**
 * Fail or cancel with its refund, in one commit. The history so far, and `lastEntry` (the stage
 * that failed), become the session's content. `audit` (an organization's session): the entry the
 * request prepared, written in the same batch only if the status changed, with `after` as the end
 * turned out.
 */
export async function endSession(
  ctx: Context,
  input: {
    sessionId: string;
    ending: Omit<Ending, "content">;
    lastEntry?: HistoryEntry | undefined;
    audit?: { row: AuditRow; after: Record<string, unknown> } | undefined;
  },
): Promise<boolean> {
  const { audit } = input;
  const history = (await historyOf(ctx.db, input.sessionId)).map(historyEntry);
  if (input.lastEntry && !history.some((h) => h.stage === input.lastEntry?.stage)) history.push(input.lastEntry);
  const content = history.length > 0 ? await encodeContent({ analysis: null, history }) : null;
  const also = audit ? [insertAuditStatement(ctx.db, { ...audit.row, after: JSON.stringify(audit.after) }, true)] : [];
  const [moved] = await ctx.commit(
    endingStatements(ctx.db, input.sessionId, { ...input.ending, content }, sourcesOf(input.ending.to), also),
  );
  return rowWritten(moved);
}

/** A pending session's new price, charged or refunded with the change (db/session-priority.ts). */
export function repriceStoredSession(ctx: Context, input: Reprice): Promise<RepriceResult> {
  return commitWrite(ctx, repriceWrite(ctx.db, input));
}
