import { type AuditRow, insertAuditStatement } from "../../db/audit-log";
import {
  type Completion,
  type Ending,
  markCompleted,
  markEnded,
  markProcessing,
  recordStage,
} from "../../db/session-lifecycle";
import { type Reprice, type RepriceResult, repriceSession } from "../../db/session-priority";
import { findSession, type HistoryRow, historyOf, type SessionRow } from "../../db/sessions";
import type { Context } from "../context";
import type { HistoryEntry, Stage } from "./types";

/**
 * The stored side of a session's life, as its room (src/durable-objects/session-room/) moves it
 * along the state machine: the room owns the order of steps, these write them. Every write is
 * conditional on the state it expects (db/session-lifecycle.ts), so a repeated step is a no-op.
 */

export function storedSession(ctx: Context, input: { sessionId: string }): Promise<SessionRow | undefined> {
  return findSession(ctx.db, input.sessionId);
}

export function storedHistory(ctx: Context, input: { sessionId: string }): Promise<HistoryRow[]> {
  return historyOf(ctx.db, input.sessionId);
}

/** pending → processing at `at`, in `stage`; false when the session was not pending. */
export function startProcessing(ctx: Context, input: { sessionId: string; at: string; stage: Stage }) {
  return markProcessing(ctx.db, input.sessionId, input.at, input.stage);
}

/** A finished stage (history position `position`), and the next stage (null: the last). */
export function recordSessionStage(
  ctx: Context,
  input: { sessionId: string; position: number; entry: HistoryEntry; next: Stage | null },
) {
  return recordStage(ctx.db, input.sessionId, input.position, input.entry, input.next);
}

export function completeSession(ctx: Context, input: { sessionId: string; completion: Completion }) {
  return markCompleted(ctx.db, input.sessionId, input.completion);
}

/**
 * Fail or cancel with its refund, in one batch. `audit` (an organization's session): the entry
 * the request prepared, written in the same batch only if the status changed, with `after` as
 * the end turned out.
 */
export function endSession(
  ctx: Context,
  input: { sessionId: string; ending: Ending; audit?: { row: AuditRow; after: Record<string, unknown> } | undefined },
): Promise<boolean> {
  const { audit } = input;
  const also = audit ? [insertAuditStatement(ctx.db, { ...audit.row, after: JSON.stringify(audit.after) }, true)] : [];
  return markEnded(ctx.db, input.sessionId, input.ending, also);
}

/** A pending session's new price, charged or refunded with the change (db/session-priority.ts). */
export function repriceStoredSession(ctx: Context, input: Reprice): Promise<RepriceResult> {
  return repriceSession(ctx.db, input);
}
