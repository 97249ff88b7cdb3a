import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AnalysisBody, StoredResults } from "../../src/analysis/analyzer";
import type { AnalysisType } from "../../src/domain/sessions/types";
import { users } from "./identity";

/**
 * Sessions: the query store for lists and stats. The SessionRoom Durable
 * Object owns a session's life after creation and writes every transition
 * here with conditional updates (`WHERE status IN (...)`).
 *
 * The indexes serve GET /v1/sessions (docs/decisions.md, "Sessions"): each
 * (filter, sort) pair the API offers is answered by walking index ranges in
 * order, so a page reads about as many rows as it returns. A person's list in
 * creation order, filtered or not, merges the (type, status) ranges of
 * user_type_status_created (db/sessions.ts). `id` is the tie-breaker of every
 * ORDER BY: the indexes keyed by a time leave it out (two sessions of one owner
 * in the same millisecond are rare, and SQLite orders such ties in a step of
 * their own, "LAST TERM OF ORDER BY"), which saves its 27 bytes in each entry
 * of every session, archived ones included (docs/decisions.md, "Session
 * content"); the confidence index keeps it, since scores rounded to two
 * decimals tie all the time.
 *
 * An ended session's content leaves the row after its hot window (src/domain/sessions/archive.ts):
 * `archive_sha256` is then set and the row keeps only what lists, filters, sorting, stats, the
 * exports' keys, access checks and the ledger read; the other columns (src/db/session-archive.ts
 * MOVED_COLUMNS, `results`, and `account_id` when it is the owner's own) are in the archive
 * object, and the row holds empty values ('', 0 or NULL), which cost it no bytes but its header's
 * and need no rebuild of the table. `analysis_id = ''` marks such a row.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /**
     * The billing account that paid (the creator's, or their organization's). NULL in an archived
     * row when it is the owner's own: db/sessions.ts payingAccount reads it back.
     */
    accountId: text("account_id"),
    cue: text("cue").notNull(),
    sessionType: text("session_type", {
      enum: ["remote_viewing", "dowsing", "precognition", "intuitive_analysis"],
    }).notNull(),
    status: text("status", { enum: ["pending", "processing", "completed", "failed", "cancelled"] }).notNull(),
    /** The stage in progress while processing; null otherwise. */
    stage: text("stage"),
    /** parameters.* as requested (duration in seconds). */
    requestedDuration: integer("requested_duration").notNull(),
    confidenceThreshold: real("confidence_threshold").notNull(),
    /** JSON array of analysis types. */
    analysisTypes: text("analysis_types", { mode: "json" }).$type<AnalysisType[]>().notNull(),
    priority: text("priority", { enum: ["normal", "high"] }).notNull(),
    caseId: text("case_id"),
    clientReference: text("client_reference"),
    /** JSON array of tags. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    creditsRequired: integer("credits_required").notNull(),
    /** Charged minus refunded: equals credits_required until a refund. */
    creditsUsed: integer("credits_used").notNull(),
    creditsRefunded: integer("credits_refunded").notNull().default(0),
    /**
     * Of credits_used, how many came from the paying account's included credits of its current
     * period, and how many from a period that has ended since (the renewal moves them here): a
     * refund gives the first back to the included bucket, writes the second off, and returns the
     * rest as purchased credit (src/db/credits.ts, docs/decisions.md "Included vs purchased credits").
     */
    creditsIncluded: integer("credits_included").notNull().default(0),
    creditsExpired: integer("credits_expired").notNull().default(0),
    confidenceScore: real("confidence_score"),
    /** Fixed at creation so a repeated completion step writes the same analysis. */
    analysisId: text("analysis_id").notNull(),
    /**
     * JSON: the Session `results` object without `analysis_types` (the column of that name holds
     * them), once completed. The rest of the analysis is in the session's content.
     */
    results: text("results", { mode: "json" }).$type<StoredResults>(),
    /** Retired (migration 0080 moved it into session_content); kept for the release before, which still names it. */
    analysis: text("analysis", { mode: "json" }).$type<AnalysisBody>(),
    /** Catalogue code of the failure (AI_MODEL_ERROR, …) or "cancelled". */
    endReason: text("end_reason"),
    createdAt: text("created_at").notNull(),
    estimatedCompletion: text("estimated_completion").notNull(),
    startedAt: text("started_at"),
    /** Time processing ended: completed or failed. */
    completedAt: text("completed_at"),
    cancelledAt: text("cancelled_at"),
    /** Seconds actually used (started → ended), once ended. */
    duration: integer("duration"),
    updatedAt: text("updated_at").notNull(),
    /** Set for an organization's session (its credits, limits and members); `user_id` is its creator. */
    organizationId: text("organization_id"),
    /** The session's row in session_content (its analysis and stage history) once it has ended, while hot. */
    contentId: integer("content_id"),
    /**
     * SHA-256 of the session's archive object, once archived (its key names the account and the
     * session, docs/storage.md): its first 16 bytes (all 32 in a row archived before they were cut).
     */
    // D1 returns a BLOB as an array of byte values.
    archiveSha256: blob("archive_sha256").$type<number[]>(),
  },
  (t) => [
    // Organizations' sessions only: a personal session (organization_id NULL) writes no entry here.
    // `organization_id = ?` implies IS NOT NULL, so the queries by organization still use these.
    index("sessions_org_created_idx").on(t.organizationId, t.createdAt).where(sql`${t.organizationId} IS NOT NULL`),
    // `status` too, so the equality on both columns makes the planner pick this over
    // sessions_org_created_idx (all the organization's sessions), whatever the table's shape.
    index("sessions_org_active_idx")
      .on(t.organizationId, t.status)
      .where(sql`${t.organizationId} IS NOT NULL AND ${t.status} IN ('pending', 'processing')`),
    // One index for both filters (a creation writes one entry, not one per filter): a (type, status)
    // pair is one range of it in creation order; a filter on one of them alone reads one range per
    // value of the other, merged in order by SQLite (UNION ALL … ORDER BY, db/sessions.ts).
    index("sessions_user_type_status_created_idx").on(t.userId, t.sessionType, t.status, t.createdAt),
    // Ended sessions only (a creation writes no entry): the list's sort by completed_at or confidence walks
    // these for the sessions that have the value, and user_status_created for the rest (db/sessions.ts).
    index("sessions_user_completed_idx").on(t.userId, t.completedAt).where(sql`${t.completedAt} IS NOT NULL`),
    index("sessions_user_confidence_idx")
      .on(t.userId, t.confidenceScore, t.id)
      .where(sql`${t.confidenceScore} IS NOT NULL`),
    // Hot sessions only (content still in session_content), by their end: the archive sweep's walk.
    index("sessions_hot_idx").on(t.updatedAt).where(sql`${t.contentId} IS NOT NULL`),
  ],
);

/**
 * An ended session's analysis (all of it but what `sessions.results` holds) and its stage history,
 * as deflated JSON (src/domain/sessions/content.ts), until the session is archived. Keyed by a
 * number of its own that `sessions.content_id` points at: rows are appended as sessions end and
 * deleted as they are archived, so the table's pages fill up and empty in order.
 */
export const sessionContent = sqliteTable("session_content", {
  id: integer("id").primaryKey(),
  /** Deflated JSON; JSON text for the sessions migration 0080 moved here (SQL cannot deflate). */
  body: blob("body").$type<number[] | string>().notNull(),
});

/**
 * The stage history of a session while it is processing: one row per (session, stage), so a
 * repeated alarm (`INSERT … ON CONFLICT DO NOTHING`) can never write a stage twice. Its end moves
 * the rows into session_content, in the batch of the end.
 */
export const sessionHistory = sqliteTable(
  "session_history",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    /** Order within the session (the stage's position), for time-ordered reads. */
    position: integer("position").notNull(),
    timestamp: text("timestamp").notNull(),
    confidence: real("confidence").notNull(),
    notes: text("notes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.stage] }),
    index("session_history_order_idx").on(t.sessionId, t.position),
  ],
);

/**
 * Summary tables kept exact by SQLite triggers on `sessions` (migration
 * 0006): whatever writes a session (the creating request, the SessionRoom,
 * a cancel), the counts follow in the same statement. They make the list's
 * `pagination.total` and the stats endpoint read a handful of rows instead of
 * every session of the user (docs/decisions.md, "Performance").
 */
export const sessionCounts = sqliteTable(
  "session_counts",
  {
    userId: text("user_id").notNull(),
    sessionType: text("session_type").notNull(),
    status: text("status").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionType, t.status] })],
);

/**
 * The totals of a period's sessions: count, credits, the confidence sum of
 * completed sessions, counts per status and per type.
 */
const rollupTotals = () => ({
  n: integer("n").notNull().default(0),
  credits: integer("credits").notNull().default(0),
  completedConfidenceSum: real("completed_confidence_sum").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  processing: integer("processing").notNull().default(0),
  completed: integer("completed").notNull().default(0),
  failed: integer("failed").notNull().default(0),
  cancelled: integer("cancelled").notNull().default(0),
  remoteViewing: integer("remote_viewing").notNull().default(0),
  dowsing: integer("dowsing").notNull().default(0),
  precognition: integer("precognition").notNull().default(0),
  intuitiveAnalysis: integer("intuitive_analysis").notNull().default(0),
});

/** A 31-entry JSON array of zeros: a month's per-day totals before any session. */
const NO_DAYS = `[${Array(31).fill(0).join(",")}]`;

/**
 * One row per user and UTC month of creation, kept by the rollup triggers:
 * the month's totals, and each of them per day as a 31-entry JSON array
 * (index = day of month − 1). A session's creation writes this one rollup row
 * (no daily row beside it); a year of stats reads 13 of them, a range of up
 * to 31 days one or two, however many sessions (docs/decisions.md, "Performance").
 */
export const sessionMonthly = sqliteTable(
  "session_monthly",
  {
    userId: text("user_id").notNull(),
    month: text("month").notNull(),
    ...rollupTotals(),
    /** JSON array of 31 integers: sessions created on each day of the month. */
    dayN: text("day_n").notNull(),
    /** JSON array of 31 integers: credits used by the sessions created on each day. */
    dayCredits: text("day_credits").notNull(),
    /** The other totals per day, as the same 31-entry arrays. */
    dayCompletedConfidenceSum: text("day_completed_confidence_sum").notNull().default(NO_DAYS),
    dayPending: text("day_pending").notNull().default(NO_DAYS),
    dayProcessing: text("day_processing").notNull().default(NO_DAYS),
    dayCompleted: text("day_completed").notNull().default(NO_DAYS),
    dayFailed: text("day_failed").notNull().default(NO_DAYS),
    dayCancelled: text("day_cancelled").notNull().default(NO_DAYS),
    dayRemoteViewing: text("day_remote_viewing").notNull().default(NO_DAYS),
    dayDowsing: text("day_dowsing").notNull().default(NO_DAYS),
    dayPrecognition: text("day_precognition").notNull().default(NO_DAYS),
    dayIntuitiveAnalysis: text("day_intuitive_analysis").notNull().default(NO_DAYS),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
