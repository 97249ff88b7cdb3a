import type { Statement, Store } from "./store";

/**
 * The archive sweep's statements (src/domain/sessions/archive.ts, docs/storage.md "Session archive").
 * A hot session is an ended one whose content is still in session_content (`content_id` set); once
 * archived, `archive_sha256` holds its object's SHA-256 and `content_id` is NULL.
 */

/** A hot session the sweep may move, with its content's body as D1 holds it. */
export interface HotSession {
  id: string;
  accountId: string;
  contentId: number;
  /** The Session's `results` column as stored (JSON text), or null. */
  results: string | null;
  body: number[] | string;
}

/**
 * Hot sessions that ended at `cutoff` or before, oldest first: a walk of sessions_hot_idx (only hot
 * sessions have an entry; an ended session's updated_at is its end), `limit` at most.
 */
export async function hotSessionsEndedBy(d1: Store, cutoff: string, limit: number): Promise<HotSession[]> {
  const { results } = await d1
    .prepare(
      `SELECT s.id AS id, s.account_id AS accountId, s.content_id AS contentId, s.results AS results, c.body AS body
         FROM sessions s INDEXED BY sessions_hot_idx JOIN session_content c ON c.id = s.content_id
        WHERE s.content_id IS NOT NULL AND s.updated_at <= ?1
        ORDER BY s.updated_at LIMIT ?2`,
    )
    .bind(cutoff, limit)
    .all<HotSession>();
  return results;
}

/**
 * The move's one commit: the row points at its object (checksum) instead of its content, and the
 * content row goes, only while the row still points at that content (a repeated or overtaken move,
 * an erased session: nothing changes). The DELETE follows the UPDATE in the batch and writes only if
 * it changed the row (`changes()`: a content number is reused once its row is gone).
 */
export function archivedStatements(
  d1: Store,
  input: { sessionId: string; contentId: number; sha256: Uint8Array },
): Statement[] {
  return [
    d1
      .prepare("UPDATE sessions SET archive_sha256 = ?3, content_id = NULL WHERE id = ?1 AND content_id = ?2")
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
  return d1
    .prepare(
      `SELECT s.id AS id, s.account_id AS accountId, s.content_id AS contentId, s.results AS results, c.body AS body
         FROM sessions s JOIN session_content c ON c.id = s.content_id WHERE s.id = ?1`,
    )
    .bind(sessionId)
    .first<HotSession>();
}
