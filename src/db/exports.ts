/**
 * Keyset-paged reads for streamed exports (src/domain/exports). Every query
 * orders by (created_at, id) and resumes strictly after the last row sent, so
 * a page costs about as many rows as it returns (sessions walk the ranges of
 * their owner's created_at indexes, db/sessions.ts) and rows
 * written meanwhile never shift a page, unlike OFFSET.
 */

import { HISTORY_UNION, type HistoryRow } from "./billing-history";
import { SESSION_STATUSES, SESSION_TYPES } from "./session-vocabulary";
import { ANY_SESSION_TYPE, compound, payingAccount } from "./sessions";

export interface Keyset {
  created_at: string;
  id: string;
}

/** Created-at bounds: inclusive `from`, exclusive `to` (ISO times). */
export interface CreatedRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Bind values for `created_at >= ? AND created_at < ? AND (created_at > ? OR id > ?)`: the lower
 * bound is the later of the range start and the last row's created_at, so SQLite seeks the index
 * straight to the resume point (a row-value `(created_at, id) > (?, ?)` beside a separate
 * `created_at >= ?` is only a filter, and each page re-read every earlier row).
 */
function keysetParams(range: CreatedRange, after: Keyset | null): [string, string, string, string] {
  const from = range.from ?? "";
  if (!after) return [from, range.to ?? "9999", "", ""];
  return [after.created_at > from ? after.created_at : from, range.to ?? "9999", after.created_at, after.id];
}

export interface SessionExportRow extends Keyset {
  session_type: string;
  status: string;
  cue: string;
  started_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  estimated_completion: string;
  requested_duration: number;
  duration: number | null;
  confidence_threshold: number;
  analysis_types: string;
  priority: string;
  case_id: string | null;
  client_reference: string | null;
  tags: string;
  credits_required: number;
  credits_used: number;
  credits_refunded: number;
  confidence_score: number | null;
  end_reason: string | null;
  results: string | null;
  /** The paying account: an archived session's object is under its key (src/domain/sessions/archive.ts). */
  account_id: string | null;
  /** '' in a slimmed archived row: its moved columns are in its object (src/db/session-archive.ts). */
  analysis_id: string;
  /** Set once archived: the row's content (and, slimmed, its moved columns) are in the archive object. */
  archive_sha256: number[] | null;
}

export interface SessionExportFilter extends CreatedRange {
  userId: string;
  /**
   * An organization's sessions (sessions_org_created_idx); otherwise the user's personal ones
   * (organization_id IS NULL), exactly as the list's filter (db/sessions.ts whereOf).
   */
  organizationId?: string | undefined;
  status?: string | undefined;
  sessionType?: string | undefined;
}

const SESSION_EXPORT_COLUMNS = `id, session_type, status, cue, created_at, started_at, completed_at, cancelled_at,
  estimated_completion, requested_duration, duration, confidence_threshold, analysis_types, priority, case_id,
  client_reference, tags, credits_required, credits_used, credits_refunded, confidence_score, end_reason, results,
  ${payingAccount("sessions")} AS account_id, analysis_id, archive_sha256`;

/**
 * A page of sessions in (created_at, id) order after `after`. An organization's walk
 * sessions_org_created_idx; a person's merge the (type, status) ranges of
 * sessions_user_type_status_created_idx the filter asks for, as the list does (db/sessions.ts).
 */
export async function sessionsPage(
  d1: D1Database,
  f: SessionExportFilter,
  after: Keyset | null,
  limit: number,
): Promise<SessionExportRow[]> {
  const range = "created_at >= ?2 AND created_at < ?3 AND (created_at > ?4 OR id > ?5)";
  const params: unknown[] = [f.organizationId ?? f.userId, ...keysetParams(f, after), limit];
  let from: string;
  if (f.organizationId) {
    const where = ["organization_id = ?1", range];
    if (f.status) {
      where.push("status = ?7");
      params.push(f.status);
    }
    if (f.sessionType) {
      where.push(`session_type = ?${params.length + 1}`);
      params.push(f.sessionType);
    }
    from = `SELECT ${SESSION_EXPORT_COLUMNS} FROM sessions WHERE ${where.join(" AND ")}`;
  } else {
    // The (type, status) pairs as literals of the vocabulary (D1 binds at most 100 values a query).
    const legs: string[] = [];
    for (const type of SESSION_TYPES.filter((t) => !f.sessionType || t === f.sessionType))
      for (const status of SESSION_STATUSES.filter((st) => !f.status || st === f.status))
        legs.push(
          `SELECT ${SESSION_EXPORT_COLUMNS} FROM sessions
            WHERE user_id = ?1 AND session_type = '${type}' AND status = '${status}' AND organization_id IS NULL AND ${range}`,
        );
    from = compound(legs);
  }
  const { results } = await d1
    .prepare(`${from} ORDER BY created_at, id LIMIT ?6`)
    .bind(...params)
    .all<SessionExportRow>();
  return results;
}

export async function transactionsPage(
  d1: D1Database,
  f: CreatedRange & { accountId: string },
  after: Keyset | null,
  limit: number,
): Promise<HistoryRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT * FROM (${HISTORY_UNION})
        WHERE created_at >= ?2 AND created_at < ?3 AND (created_at > ?4 OR id > ?5)
        ORDER BY created_at, id LIMIT ?6`,
    )
    .bind(f.accountId, ...keysetParams(f, after), limit)
    .all<HistoryRow>();
  return results;
}

export interface UserExportRow extends Keyset {
  tier: string;
  country: string;
  last_login: string | null;
  sessions_total: number;
  sessions_active: number;
  sessions_completed: number;
  sessions_failed: number;
  sessions_cancelled: number;
}

export interface UserExportFilter extends CreatedRange {
  tier?: string | undefined;
  country?: string | undefined;
}

/**
 * Session counts: ended ones from the session_counts rollup (≤ 12 rows per
 * user), pending and processing ones (at most the concurrency cap) from the
 * sessions through user_type_status_created; never a walk of all the user's sessions.
 */
const ACTIVE_STATUSES = "'pending', 'processing'";
const ACTIVE = `(SELECT COUNT(*) FROM sessions s WHERE s.user_id = u.id AND s.${ANY_SESSION_TYPE} AND s.status IN ('pending', 'processing') AND s.organization_id IS NULL)`;
const COUNT = (statuses: string) =>
  statuses === ACTIVE_STATUSES
    ? ACTIVE
    : `(SELECT COALESCE(SUM(n), 0) FROM session_counts c WHERE c.user_id = u.id${statuses ? ` AND c.status IN (${statuses})` : ""})${statuses ? "" : ` + ${ACTIVE}`}`;

export async function usersPage(
  d1: D1Database,
  f: UserExportFilter,
  after: Keyset | null,
  limit: number,
): Promise<UserExportRow[]> {
  const where = ["u.created_at >= ?", "u.created_at < ?", "(u.created_at > ? OR u.id > ?)"];
  const params: unknown[] = [...keysetParams(f, after)];
  if (f.tier) {
    where.push("u.tier = ?");
    params.push(f.tier);
  }
  if (f.country) {
    where.push("u.country = ?");
    params.push(f.country);
  }
  const { results } = await d1
    .prepare(
      `SELECT u.id, u.tier, u.country, u.created_at, u.last_login,
              ${COUNT("")} AS sessions_total,
              ${COUNT(ACTIVE_STATUSES)} AS sessions_active,
              ${COUNT("'completed'")} AS sessions_completed,
              ${COUNT("'failed'")} AS sessions_failed,
              ${COUNT("'cancelled'")} AS sessions_cancelled
         FROM users u WHERE ${where.join(" AND ")} ORDER BY u.created_at, u.id LIMIT ?`,
    )
    .bind(...params, limit)
    .all<UserExportRow>();
  return results;
}
