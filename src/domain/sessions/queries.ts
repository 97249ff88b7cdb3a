import { findSession, historyOf, listSessions, type SessionRow, type SortBy } from "../../db/sessions";
import { AppError } from "../../errors";
import type { Principal } from "../identity/principal";
import { type Action, readableTypes, requireSessionScope } from "./families";
import { historyEntry } from "./resources";
import type { SessionStatus, SessionType } from "./types";

/**
 * The caller's session, checked in this order: it exists and is theirs
 * (else 404 — another user's session is indistinguishable from none), then
 * the credential carries the session family's scope for `action` (else 403).
 */
export async function ownSession(
  d1: D1Database,
  principal: Principal,
  id: string,
  action: Action,
): Promise<SessionRow> {
  const row = await findSession(d1, id);
  if (!row || row.userId !== principal.userId) throw new AppError("SESSION_NOT_FOUND", { details: { session_id: id } });
  requireSessionScope(principal, row.sessionType, action);
  return row;
}

export async function sessionHistory(d1: D1Database, principal: Principal, id: string) {
  await ownSession(d1, principal, id, "read");
  return (await historyOf(d1, id)).map(historyEntry);
}

export interface ListQuery {
  status?: SessionStatus | undefined;
  session_type?: SessionType | undefined;
  limit: number;
  offset: number;
  sort_by: SortBy;
  order: "asc" | "desc";
}

/** The caller's sessions, only of the families the credential can read. */
export async function listOwnSessions(d1: D1Database, principal: Principal, q: ListQuery) {
  const readable = readableTypes(principal);
  if (q.session_type && !readable.includes(q.session_type)) requireSessionScope(principal, q.session_type, "read");
  const types = q.session_type ? [q.session_type] : readable.length === 4 ? undefined : readable;
  const { rows, total } = await listSessions(d1, {
    userId: principal.userId,
    status: q.status,
    types,
    sortBy: q.sort_by,
    order: q.order,
    limit: q.limit,
    offset: q.offset,
  });
  return { rows, pagination: { total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total } };
}
