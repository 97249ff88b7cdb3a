import type { StoredResults } from "../../analysis/analyzer";
import { rowWritten } from "../../db/changes";
import { archivedStatements, archivedWith, type HotSession, hotSessionsEndedBy } from "../../db/session-archive";
import type { SessionRow } from "../../db/sessions";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { deflateText, inflateText } from "../../lib/deflate";
import type { Context } from "../context";
import { decodeContent, type SessionContent } from "./content";

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
 */

/** The object: the content, with the Session's results (so the row can do without them later). */
interface ArchivedContent extends SessionContent {
  results: StoredResults | null;
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
  };
  return deflateText(JSON.stringify(archived));
}

/** One session's move: its put, then its commit. Answers whether this run archived it. */
export async function archiveSession(ctx: Context, hot: HotSession): Promise<boolean> {
  const bytes = await objectOf(hot);
  const sha256 = await sha256Of(bytes);
  const key = archiveKey({ accountId: hot.accountId, id: hot.id });
  await ctx.ports.archive.put(key, bytes, sha256.buffer as ArrayBuffer);
  const [moved] = await ctx.commit(archivedStatements(ctx.db, { sessionId: hot.id, contentId: hot.contentId, sha256 }));
  if (rowWritten(moved)) {
    ctx.ports.metrics.record({ kind: "archive", outcome: "archived" });
    return true;
  }
  // The row no longer points at this content: a concurrent move archived it (keep the object), or
  // the account's erasure cleared it meanwhile (the object must not outlive it).
  if (!(await archivedWith(ctx.db, hot.id, sha256))) await ctx.ports.archive.delete(key);
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
async function archivedContent(ctx: Context, row: SessionRow & { archiveSha256: ArrayLike<number> }) {
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
  if (!sameBytes(await sha256Of(bytes), row.archiveSha256)) throw unreadable("corrupt");
  try {
    return JSON.parse(await inflateText(bytes)) as ArchivedContent;
  } catch (err) {
    throw unreadable("corrupt", err);
  }
}

/** A session's content wherever it is: D1 while hot, the archive after, none before it ended. */
export async function contentOf(
  ctx: Context,
  { row, contentBody }: { row: SessionRow; contentBody: number[] | string | null },
): Promise<SessionContent | null> {
  if (contentBody !== null) return decodeContent(contentBody);
  const { archiveSha256 } = row;
  if (archiveSha256 === null || archiveSha256 === undefined) return null;
  const { analysis, history } = await archivedContent(ctx, { ...row, archiveSha256 });
  return { analysis, history };
}
