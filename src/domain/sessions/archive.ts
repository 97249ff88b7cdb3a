import type { StoredResults } from "../../analysis/analyzer";
import { rowWritten } from "../../db/changes";
import type { SessionExportRow } from "../../db/exports";
import {
  archivedStatements,
  archivedWith,
  exportRowWith,
  type HotSession,
  hotSessionsEndedBy,
  type MovedValues,
  sessionRowWith,
  slimmed,
} from "../../db/session-archive";
import type { SessionRow } from "../../db/sessions";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { deflateText, inflateText } from "../../lib/deflate";
import type { Context } from "../context";
import { decodeContent, type SessionContent, type StoredSession } from "./content";

/**
 * An ended session's content leaves D1 after its hot window (docs/storage.md "Session archive",
 * docs/decisions.md "Session archive"): the cron (src/maintenance.ts) writes it to the archive, one
 * object per session, then one D1 commit points the row at the object (its SHA-256) and deletes the
 * session_content row, only while the row still points at that content.
 *
 * Crash-safe in either order of failure: the object is written before the commit that needs it, so a
 * commit without its object cannot happen; a move that dies after the put and before the commit left
 * the row as it was (still hot, still read from D1) and is simply redone by the next run, writing the
 * same bytes under the same key (the object is a function of the row's content: JSON.stringify and
 * DEFLATE are deterministic), so nothing is doubled either.
 *
 * The commit also slims the row: what no list, filter, sort, stat, access check or refund reads
 * (`MOVED_COLUMNS`, src/db/session-archive.ts) is in the object, and every read of the session
 * (GET by id, its analysis and history, the exports, the MCP tools, its room) puts it back from
 * there, so each answers the bytes it answered before.
 */

/** The object: the content, with the Session's results and the row's moved columns. */
interface ArchivedContent extends SessionContent {
  results: StoredResults | null;
  /** Absent from an object written before rows were slimmed (that row kept its values). */
  columns?: MovedValues;
}

const DEFAULT_HOT_WINDOW_SECONDS = 86_400;
/** Sessions a run moves at most: each is a put and a commit, well inside a cron run's time. */
const BATCH = 50;

/** SESSION_HOT_WINDOW_SECONDS: a whole number of seconds, 0 or more; unset or unreadable = a day. */
function hotWindowMs(configured: string | undefined): number {
  const seconds = configured === undefined || configured === "" ? Number.NaN : Number(configured);
  return (Number.isInteger(seconds) && seconds >= 0 ? seconds : DEFAULT_HOT_WINDOW_SECONDS) * 1000;
}

/** The object's key: its account (all of an account's objects share a prefix) and the session. */
export const archiveKey = (row: { accountId: string | null; id: string }) =>
  `${accountPrefix(row.accountId ?? "")}${row.id}`;

export const accountPrefix = (accountId: string) => `accounts/${accountId}/sessions/`;

const sha256Of = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));

/**
 * The row keeps the first 16 bytes of the object's SHA-256 (a truncation NIST SP 800-107 r1 §5.1
 * allows: 128 bits still tell any other object apart), 16 bytes fewer in every archived row; R2
 * checks the put against the whole digest. A row archived before keeps all 32, and is checked
 * against them.
 */
const ROW_DIGEST_BYTES = 16;
const rowDigest = (sha256: Uint8Array) => sha256.slice(0, ROW_DIGEST_BYTES);
const sameDigest = (sha256: Uint8Array, stored: ArrayLike<number>) =>
  (stored.length === ROW_DIGEST_BYTES || stored.length === sha256.length) &&
  sameBytes(sha256.subarray(0, stored.length), stored);

function sameBytes(a: Uint8Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

async function objectOf(hot: HotSession): Promise<Uint8Array> {
  const content = await decodeContent(hot.body);
  const archived: ArchivedContent = {
    analysis: content.analysis,
    history: content.history,
    results: hot.results === null ? null : (JSON.parse(hot.results) as StoredResults),
    columns: hot.moved,
  };
  return deflateText(JSON.stringify(archived));
}

/** One session's move: its put, then its commit. Answers whether this run archived it. */
export async function archiveSession(ctx: Context, hot: HotSession): Promise<boolean> {
  const bytes = await objectOf(hot);
  const sha256 = await sha256Of(bytes);
  const key = archiveKey({ accountId: hot.accountId, id: hot.id });
  await ctx.ports.archive.put(key, bytes, sha256.buffer as ArrayBuffer);
  const digest = rowDigest(sha256);
  const [moved] = await ctx.commit(
    archivedStatements(ctx.db, { sessionId: hot.id, contentId: hot.contentId, sha256: digest }),
  );
  if (rowWritten(moved)) {
    ctx.ports.metrics.record({ kind: "archive", outcome: "archived" });
    return true;
  }
  // The row no longer points at this content: a concurrent move archived it (keep the object), or
  // the account's erasure cleared it meanwhile (the object must not outlive it).
  if (!(await archivedWith(ctx.db, hot.id, digest))) await ctx.ports.archive.delete(key);
  return false;
}

/** The cron's share: hot sessions past the window, oldest first, `limit` per run. Answers how many moved. */
export async function sweepArchive(ctx: Context, limit = BATCH): Promise<number> {
  const cutoff = iso(ctx.now() - hotWindowMs(ctx.config.sessionHotWindow));
  let moved = 0;
  for (const hot of await hotSessionsEndedBy(ctx.db, cutoff, limit)) {
    try {
      if (await archiveSession(ctx, hot)) moved++;
    } catch (err) {
      // Left hot, read from D1 as before, and tried again by the next run.
      console.error(JSON.stringify({ msg: "session not archived", session_id: hot.id, error: String(err) }));
    }
  }
  return moved;
}

/**
 * An archived session's content, from its object, checked against the row's SHA-256: never a part
 * of it. A missing, unreadable or damaged object is a 500 with its own code and an operator alert.
 */
async function archivedContent(
  ctx: Context,
  row: { id: string; accountId: string | null; archiveSha256: ArrayLike<number> },
  slim: boolean,
): Promise<ArchivedContent> {
  const unreadable = (reason: "missing" | "corrupt" | "unavailable", error?: unknown) => {
    console.error(
      JSON.stringify({
        msg: "session archive unreadable",
        alert: true,
        session_id: row.id,
        reason,
        ...(error === undefined ? {} : { error: String(error) }),
      }),
    );
    if (reason !== "unavailable") ctx.ports.metrics.record({ kind: "archive", outcome: reason });
    return new AppError("SESSION_ARCHIVE_UNREADABLE", { details: { session_id: row.id, reason } });
  };
  let bytes: Uint8Array | null;
  try {
    bytes = await ctx.ports.archive.get(archiveKey(row));
  } catch (err) {
    throw unreadable("unavailable", err);
  }
  if (!bytes) throw unreadable("missing");
  if (!sameDigest(await sha256Of(bytes), row.archiveSha256)) throw unreadable("corrupt");
  let object: ArchivedContent;
  try {
    object = JSON.parse(await inflateText(bytes)) as ArchivedContent;
  } catch (err) {
    throw unreadable("corrupt", err);
  }
  // A slimmed row's values are in its object only.
  if (slim && !object.columns) throw unreadable("corrupt");
  return object;
}

/** The slimmed row with its object's moved values (the object's own `results` among them). */
const restored = (row: SessionRow, object: ArchivedContent) => sessionRowWith(row, object.columns!, object.results);

/** A session's row as it was before its archive slimmed it (one R2 read then; none for any other row). */
export async function fullRow(ctx: Context, row: SessionRow): Promise<SessionRow> {
  if (!slimmed(row)) return row;
  return restored(row, await archivedContent(ctx, { ...row, archiveSha256: row.archiveSha256! }, true));
}

/**
 * A session's row, whole, and its content wherever it is: D1 while hot, the archive after (one R2
 * read for both), none before it ended.
 */
export async function storedOf(
  ctx: Context,
  { row, contentBody }: { row: SessionRow; contentBody: number[] | string | null },
): Promise<StoredSession> {
  if (contentBody !== null) return { row, content: await decodeContent(contentBody) };
  const { archiveSha256 } = row;
  if (archiveSha256 === null || archiveSha256 === undefined) return { row, content: null };
  const slim = slimmed(row);
  const object = await archivedContent(ctx, { ...row, archiveSha256 }, slim);
  const content = { analysis: object.analysis, history: object.history };
  return { row: slim ? restored(row, object) : row, content };
}

/** A page of the sessions export with each slimmed row's moved values back (one R2 read each). */
export function fullExportRows(ctx: Context, rows: SessionExportRow[]): Promise<SessionExportRow[]> {
  return Promise.all(
    rows.map(async (r) => {
      if (r.analysis_id !== "" || r.archive_sha256 === null) return r;
      const row = { id: r.id, accountId: r.account_id, archiveSha256: r.archive_sha256 };
      const object = await archivedContent(ctx, row, true);
      return exportRowWith(r, object.columns!, object.results);
    }),
  );
}
