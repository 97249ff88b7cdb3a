import { getTableColumns } from "drizzle-orm";
import { schema } from "./client";
import type { SessionExportRow } from "./exports";
import { ownAccount, type SessionRow } from "./sessions";
import type { Statement, Store } from "./store";

/**
 * The archive sweep's statements (src/domain/sessions/archive.ts, docs/storage.md "Session archive").
 * A hot session is an ended one whose content is still in session_content (`content_id` set); once
 * archived, `archive_sha256` holds its object's SHA-256, `content_id` is NULL, and the row keeps
 * only what lists, filters, sorting, stats, the exports' keyset, access checks, refunds and the
 * ledger read: the other columns' values are in the object (`MOVED_COLUMNS`) and the row holds
 * empty ones ('', 0 or NULL: no bytes of a record but its header's).
 */

/**
 * The columns an archived row gives to its object, as stored (JSON columns as their text). `results`
 * travels as the object's own `results` (parsed, as the object held it before the row was slimmed).
 * `analysis_id` is never empty in a row that keeps its values, so '' there marks a slimmed row.
 */
export const MOVED_COLUMNS = [
  "stage",
  "requested_duration",
  "confidence_threshold",
  "analysis_types",
  "priority",
  "case_id",
  "client_reference",
  "tags",
  "credits_required",
  "credits_refunded",
  "analysis_id",
  "end_reason",
  "estimated_completion",
  "started_at",
  "cancelled_at",
  "duration",
  "updated_at",
] as const;
type MovedColumn = (typeof MOVED_COLUMNS)[number];
/** The moved columns' stored values, by column name. */
export type MovedValues = Record<MovedColumn, string | number | null>;

/** What each moved column holds in a slimmed row: NOT NULL columns a value of no bytes ('' or
 * the integer 0, JSON columns too: nothing reads them from a slimmed row), the rest NULL. */
const EMPTY: Record<MovedColumn, string> = {
  stage: "NULL",
  requested_duration: "0",
  confidence_threshold: "0",
  analysis_types: "0",
  priority: "''",
  case_id: "NULL",
  client_reference: "NULL",
  tags: "0",
  credits_required: "0",
  credits_refunded: "0",
  analysis_id: "''",
  end_reason: "NULL",
  estimated_completion: "''",
  started_at: "NULL",
  cancelled_at: "NULL",
  duration: "NULL",
  updated_at: "''",
};

/** Whether a row's moved columns are in its object (an archived row slimmed by the sweep). */
export const slimmed = (row: { analysisId: string; archiveSha256: unknown }) =>
  row.analysisId === "" && row.archiveSha256 !== null && row.archiveSha256 !== undefined;

/** A hot session the sweep may move, with its content's body as D1 holds it. */
export interface HotSession {
  id: string;
  accountId: string;
  contentId: number;
  /** The Session's `results` column as stored (JSON text), or null. */
  results: string | null;
  body: number[] | string;
  /** The values the row gives to its object. */
  moved: MovedValues;
}

const HOT_SELECT = `SELECT s.id AS id, s.account_id AS accountId, s.content_id AS contentId, s.results AS results,
       c.body AS body, ${MOVED_COLUMNS.map((c) => `s.${c}`).join(", ")}`;

function hotOf(r: Record<string, unknown>): HotSession {
  const moved = Object.fromEntries(MOVED_COLUMNS.map((c) => [c, r[c] ?? null])) as MovedValues;
  return {
    id: r.id as string,
    accountId: r.accountId as string,
    contentId: r.contentId as number,
    results: r.results as string | null,
    body: r.body as number[] | string,
    moved,
  };
}

/**
 * Hot sessions that ended at `cutoff` or before, oldest first: a walk of sessions_hot_idx (only hot
 * sessions have an entry; an ended session's updated_at is its end), `limit` at most.
 */
export async function hotSessionsEndedBy(d1: Store, cutoff: string, limit: number): Promise<HotSession[]> {
  const { results } = await d1
    .prepare(
      `${HOT_SELECT}
         FROM sessions s INDEXED BY sessions_hot_idx JOIN session_content c ON c.id = s.content_id
        WHERE s.content_id IS NOT NULL AND s.updated_at <= ?1
        ORDER BY s.updated_at LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<Record<string, unknown>>();
  return results.map(hotOf);
}

/**
 * The move's one commit: the row points at its object (checksum) instead of its content, gives the
 * object its moved columns, and the content row goes, only while the row still points at that
 * content (a repeated or overtaken move, an erased session: nothing changes). The DELETE follows the
 * UPDATE in the batch and writes only if it changed the row (`changes()`: a content number is reused
 * once its row is gone).
 *
 * The UPDATE also gives the row the next rowid: SQLite rewrites a row whose rowid changes (deleted
 * from its page, appended to the table's last), so the slim rows pack the table's newest pages and
 * the pages the fat rows filled empty and are freed. A row made smaller in place leaves its page's
 * space free but unused (SQLite rebalances a page only once it is two thirds empty). Nothing reads
 * a session by its rowid, and no trigger watches it (the rollups fire on the columns they count,
 * none of which changes here). `account_id` goes too when it is the owner's own billing account
 * (always, as a session is paid today), which payingAccount (db/sessions.ts) reads back.
 */
export function archivedStatements(
  d1: Store,
  input: { sessionId: string; contentId: number; sha256: Uint8Array },
): Statement[] {
  const blanks = MOVED_COLUMNS.map((c) => `${c} = ${EMPTY[c]}`).join(", ");
  return [
    d1
      .prepare(
        `UPDATE sessions SET rowid = (SELECT MAX(rowid) + 1 FROM sessions), archive_sha256 = ?3, content_id = NULL,
                results = NULL, ${blanks},
                account_id = CASE WHEN account_id = ${ownAccount("sessions")} THEN NULL ELSE account_id END
          WHERE id = ?1 AND content_id = ?2`,
      )
      .bind(input.sessionId, input.contentId, input.sha256),
    d1.prepare("DELETE FROM session_content WHERE id = ?1 AND changes() = 1").bind(input.contentId),
  ];
}

/** Whether the session's row points at an object with this checksum (a concurrent move finished it). */
export async function archivedWith(d1: Store, sessionId: string, sha256: Uint8Array): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS yes FROM sessions WHERE id = ?1 AND archive_sha256 = ?2")
    .bind(sessionId, sha256)
    .first<{ yes: number }>();
  return row !== null;
}

/** One session as the sweep finds it, if it is hot (a move of this session alone: tests, a re-run). */
export async function hotSession(d1: Store, sessionId: string): Promise<HotSession | null> {
  const row = await d1
    .prepare(`${HOT_SELECT} FROM sessions s JOIN session_content c ON c.id = s.content_id WHERE s.id = ?1`)
    .bind(sessionId)
    .first<Record<string, unknown>>();
  return row ? hotOf(row) : null;
}

const SESSION_COLUMNS = Object.entries(getTableColumns(schema.sessions));

/** A slimmed row with its object's moved values (and `results`) back: the row as it was stored before. */
export function sessionRowWith(row: SessionRow, moved: MovedValues, results: unknown): SessionRow {
  const back: Record<string, unknown> = { ...row, results };
  for (const [key, col] of SESSION_COLUMNS) {
    if (!(MOVED_COLUMNS as readonly string[]).includes(col.name)) continue;
    const value = moved[col.name as MovedColumn];
    back[key] = col.columnType === "SQLiteTextJson" && typeof value === "string" ? JSON.parse(value) : value;
  }
  return back as SessionRow;
}

/** An export's row of a slimmed session with its object's moved values (and `results`) back. */
export function exportRowWith(row: SessionExportRow, moved: MovedValues, results: unknown): SessionExportRow {
  const back: Record<string, unknown> = { ...row, results: results === null ? null : JSON.stringify(results) };
  for (const key of Object.keys(row)) if (key in moved) back[key] = moved[key as MovedColumn];
  return back as unknown as SessionExportRow;
}
