import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sum } from "drizzle-orm";
import type { AccountRow } from "./billing-accounts";
import { rowWritten } from "./changes";
import { db, schema } from "./client";
import { balanceQuery, debitStatements, type LedgerEntry, ledgerRowExists, ledgerRowWritten } from "./credits";
import { rowInserter, rowReader } from "./row-sql";
import { SESSION_STATUSES, SESSION_TYPES, type SessionStatus, type SessionType } from "./session-vocabulary";
import { readTogether } from "./store";

type AccountTier = AccountRow["tier"];

const { sessions, sessionHistory, sessionCounts } = schema;
export type NewSessionRow = typeof sessions.$inferInsert;
export type HistoryRow = typeof sessionHistory.$inferSelect;

/**
 * Debit the paying account and insert the session in one batch, only if the
 * balance covers it and the account has fewer pending or processing sessions
 * (its `active_sessions`) than `caps` allows its tier as the row says now:
 * both are checked, and the count raised, in the debit's single UPDATE, so
 * racing creations can never overshoot either (D1 runs batches one at a time)
 * and a plan change applies to the next creation. The INSERT only happens if
 * the debit's ledger row was written, so a session exists iff it was paid
 * for; a trigger lowers the count when the session leaves pending/processing.
 */
const sessionInsert = rowInserter(sessions, {
  // The share of the price the debit just before it took from included credits (credits.ts).
  creditsIncluded: { sql: "(SELECT debit_included FROM billing_accounts WHERE id = ?)", param: "accountId" },
});
/** The session's INSERT, made conditional on the debit's ledger row. */
const INSERT_IF_PAID = `INSERT INTO ${sessionInsert.columns} SELECT ${sessionInsert.parameters} WHERE ${ledgerRowExists("?", "?", "?")}`;

export function paidSessionStatements(
  d1: D1Database,
  row: NewSessionRow,
  debit: LedgerEntry,
  caps: Readonly<Record<AccountTier, number>>,
  also: D1PreparedStatement[] = [],
): { statements: D1PreparedStatement[]; outcome(results: D1Result[]): { paid: boolean; balance: number } } {
  const [charge, ledger, touch] = debitStatements(d1, debit, row.creditsRequired, {
    sql: "active_sessions < CASE tier WHEN 'basic' THEN ?4 WHEN 'professional' THEN ?5 WHEN 'enterprise' THEN ?6 END",
    params: [caps.basic, caps.professional, caps.enterprise],
    set: "active_sessions = active_sessions + 1",
  });
  const statements = [
    charge,
    ledger,
    d1.prepare(INSERT_IF_PAID).bind(...sessionInsert.values(row), debit.accountId, debit.at, debit.ledgerId),
    // Statements that commit with the session, right after its insert (an organization's audit entry).
    ...also,
    touch,
    // The balance after the debit, read in the same batch (the response's X-Credits-Remaining).
    balanceQuery(d1, debit.accountId),
  ];
  const balanceAt = statements.length - 1;
  return {
    statements,
    // The commit may carry more statements after these (an idempotency record): results are read by position.
    outcome(results) {
      const balance = (results[balanceAt]?.results?.[0] as { balance?: number } | undefined)?.balance ?? 0;
      return { paid: ledgerRowWritten(results[1]) && rowWritten(results[2]), balance };
    },
  };
}

/** "This session exists", for a statement in the creation's batch that must only write if it was paid for and inserted. */
export const sessionExists = (id: string) => ({ sql: "EXISTS (SELECT 1 FROM sessions WHERE id = ?)", params: [id] });

/**
 * `session_type IN (every type)`: the index on a person's sessions is keyed
 * (user_id, session_type, status, created_at, id), so a query by status names
 * the types too, and SQLite seeks each (type, status) range instead of reading
 * all the user's sessions.
 */
export const ANY_SESSION_TYPE = `session_type IN (${SESSION_TYPES.map((t) => `'${t}'`).join(", ")})`;

/**
 * The paying account's count of pending or processing sessions, and when the
 * soonest of them is expected to finish (the refusal's Retry-After), read
 * through the owner's indexes: user_type_status_created for a person's own
 * sessions, sessions_org_active_idx for an organization's.
 */
export async function activeSessions(
  d1: D1Database,
  account: { id: string; userId: string; organizationId: string | null },
): Promise<{ count: number; soonest: string | null }> {
  const owner = account.organizationId
    ? d1
        .prepare(
          "SELECT MIN(estimated_completion) AS soonest FROM sessions WHERE organization_id = ?1 AND status IN ('pending', 'processing')",
        )
        .bind(account.organizationId)
    : d1
        .prepare(
          `SELECT MIN(estimated_completion) AS soonest FROM sessions WHERE user_id = ?1 AND ${ANY_SESSION_TYPE} AND status IN ('pending', 'processing') AND organization_id IS NULL`,
        )
        .bind(account.userId);
  const [counted, soonest] = await readTogether<{ count?: number; soonest?: string | null }>(d1, [
    d1.prepare("SELECT active_sessions AS count FROM billing_accounts WHERE id = ?1").bind(account.id),
    owner,
  ]);
  return { count: counted?.results[0]?.count ?? 0, soonest: soonest?.results[0]?.soonest ?? null };
}

/**
 * The account that paid for the session `s` (a table or alias): its `account_id`, or, in an
 * archived row, which leaves it NULL when it is the owner's own (src/db/session-archive.ts), the
 * owner's billing account: the organization's for an organization's session, else the person's
 * (billing_accounts_owner_unique; evaluated only for such a row).
 */
export const payingAccount = (s: string) => `COALESCE(${s}.account_id, ${ownAccount(s)})`;

/** The billing account of the session `s`'s owner: its organization's, or its creator's own. */
export const ownAccount = (s: string) =>
  `(SELECT b.id FROM billing_accounts b
     WHERE b.owner_type = CASE WHEN ${s}.organization_id IS NULL THEN 'user' ELSE 'organization' END
       AND b.owner_id = COALESCE(${s}.organization_id, ${s}.user_id))`;

/**
 * A session's row by id: the API's hottest query (GET /v1/sessions/{id}). It holds everything the
 * Session resource, the access check and the writes need; the analysis and history are the
 * session's content (session_content), read only where they are answered. `analysis` is a retired
 * column (migration 0080), never read.
 */
const readSession = rowReader<typeof sessions, "analysis" | "accountId", { accountId: string | null }>(
  sessions,
  "id = ?1",
  ["analysis", "accountId"],
  { accountId: payingAccount("sessions") },
);
export type SessionRow = Omit<typeof sessions.$inferSelect, "analysis">;

export function findSession(d1: D1Database, id: string): Promise<SessionRow | undefined> {
  return readSession(d1, id);
}

/** The row with its content's body (null before the session ended, or once archived), in one read. */
const readSessionWithContent = rowReader<
  typeof sessions,
  "analysis" | "accountId",
  { accountId: string | null; contentBody: number[] | string | null }
>(sessions, "id = ?1", ["analysis", "accountId"], {
  accountId: payingAccount("sessions"),
  contentBody: "(SELECT body FROM session_content WHERE id = sessions.content_id)",
});

export function findSessionWithContent(
  d1: D1Database,
  id: string,
): Promise<(SessionRow & { contentBody: number[] | string | null }) | undefined> {
  return readSessionWithContent(d1, id);
}

/** The stage history of a session still processing (an ended one's is in its content). */
export async function historyOf(d1: D1Database, sessionId: string): Promise<HistoryRow[]> {
  return db(d1)
    .select()
    .from(sessionHistory)
    .where(eq(sessionHistory.sessionId, sessionId))
    .orderBy(asc(sessionHistory.position))
    .all();
}

export type SortBy = "created_at" | "completed_at" | "confidence_score";

export interface ListFilter {
  userId: string;
  /** An organization's sessions; otherwise the user's personal ones (organization_id IS NULL). */
  organizationId?: string | undefined;
  status?: SessionStatus | undefined;
  /** Only these types (the caller's filter, or the families it can read). */
  types?: SessionType[] | undefined;
  sortBy: SortBy;
  order: "asc" | "desc";
  limit: number;
  offset: number;
}

const SORT_COLUMNS = {
  created_at: sessions.createdAt,
  completed_at: sessions.completedAt,
  confidence_score: sessions.confidenceScore,
} as const;

function whereOf(f: ListFilter): SQL | undefined {
  const conditions: SQL[] = f.organizationId
    ? [eq(sessions.organizationId, f.organizationId)]
    : [eq(sessions.userId, f.userId), isNull(sessions.organizationId)];
  if (f.status) conditions.push(eq(sessions.status, f.status));
  if (f.types && f.types.length === 1) conditions.push(eq(sessions.sessionType, f.types[0]!));
  else if (f.types) conditions.push(inArray(sessions.sessionType, f.types));
  return and(...conditions);
}

const LIST_COLUMNS = {
  id: sessions.id,
  cue: sessions.cue,
  sessionType: sessions.sessionType,
  status: sessions.status,
  createdAt: sessions.createdAt,
  completedAt: sessions.completedAt,
  confidenceScore: sessions.confidenceScore,
  creditsUsed: sessions.creditsUsed,
};

/**
 * The statuses in which a session has no value in a sort column: the state
 * machine sets completed_at when a session completes or fails, and the
 * confidence score when it completes (db/session-lifecycle.ts). A session is
 * only ever without one in these statuses.
 */
const UNVALUED_STATUSES: Record<Exclude<SortBy, "created_at">, SessionStatus[]> = {
  completed_at: ["pending", "processing", "cancelled"],
  confidence_score: ["pending", "processing", "cancelled", "failed"],
};

/** A page query: its SQL (so a test can EXPLAIN it) and its rows. */
export interface PageQuery {
  toSQL(): { sql: string; params: unknown[] };
  all(): Promise<SessionListRow[]>;
}

export interface SessionListRow {
  id: string;
  cue: string;
  sessionType: SessionType;
  status: SessionStatus;
  createdAt: string;
  completedAt: string | null;
  confidenceScore: number | null;
  creditsUsed: number;
}

const LIST_SELECT = `SELECT ${Object.entries(LIST_COLUMNS)
  .map(([key, col]) => `"${col.name}" AS "${key}"`)
  .join(", ")} FROM sessions`;

/** D1 refuses a compound SELECT of more than this many terms. */
const MAX_COMPOUND_TERMS = 5;

/**
 * `a UNION ALL b …`, as groups of at most MAX_COMPOUND_TERMS in subqueries when
 * there are more (4 types × 5 statuses at most: 4 groups). SQLite flattens the
 * groups back into one merge, so the ranges are still merged in order.
 */
export function compound(legs: string[]): string {
  if (legs.length <= MAX_COMPOUND_TERMS) return legs.join(" UNION ALL ");
  const groups: string[] = [];
  for (let i = 0; i < legs.length; i += MAX_COMPOUND_TERMS)
    groups.push(`SELECT * FROM (${legs.slice(i, i + MAX_COMPOUND_TERMS).join(" UNION ALL ")})`);
  return groups.join(" UNION ALL ");
}

/**
 * A person's sessions filtered by status and/or type, in creation order,
 * from sessions_user_type_status_created_idx: each (type, status) pair asked
 * for is one range of it already in order, and SQLite merges the ranges
 * (`UNION ALL … ORDER BY`: MERGE (UNION ALL), no sort step), reading them
 * lazily, so a page reads about offset + limit rows. `extra` narrows each
 * range (the unvalued part of a sort by completed_at or confidence).
 */
function mergedRanges(d1: D1Database, f: ListFilter, statuses: readonly SessionStatus[], extra = ""): PageQuery {
  const types = f.types ?? SESSION_TYPES;
  const legs: string[] = [];
  const params: unknown[] = [];
  for (const type of types)
    for (const status of statuses) {
      legs.push(
        `${LIST_SELECT} WHERE user_id = ? AND session_type = ? AND status = ? AND organization_id IS NULL${extra}`,
      );
      params.push(f.userId, type, status);
    }
  const dir = f.order === "asc" ? "ASC" : "DESC";
  const sql = `${compound(legs)} ORDER BY "createdAt" ${dir}, "id" ${dir} LIMIT ? OFFSET ?`;
  params.push(f.limit, f.offset);
  return {
    toSQL: () => ({ sql, params }),
    all: async () =>
      (
        await d1
          .prepare(sql)
          .bind(...params)
          .all<SessionListRow>()
      ).results,
  };
}

/**
 * The page query by created_at, or the valued part of a sort by completed_at
 * or confidence (exported so a test can EXPLAIN it). `id` breaks ties, in the
 * same direction. A person's list merges ranges of user_type_status_created
 * (every type and status when unfiltered); an organization's walks org_created.
 */
export function listQuery(d1: D1Database, f: ListFilter): PageQuery {
  if (f.sortBy === "created_at" && !f.organizationId)
    return mergedRanges(d1, f, f.status ? [f.status] : SESSION_STATUSES);
  const dir = f.order === "asc" ? asc : desc;
  const column = SORT_COLUMNS[f.sortBy];
  const where = f.sortBy === "created_at" ? whereOf(f) : and(whereOf(f), isNotNull(column));
  return db(d1)
    .select(LIST_COLUMNS)
    .from(sessions)
    .where(where)
    .orderBy(dir(column), dir(sessions.id))
    .limit(f.limit)
    .offset(f.offset);
}

/**
 * The sessions in `statuses` without a value in the sort column, in creation
 * order (exported so a test can EXPLAIN it): a person's are ranges of
 * user_type_status_created merged in order; an organization's walk org_created.
 */
export function unvaluedQuery(
  d1: D1Database,
  f: ListFilter & { sortBy: Exclude<SortBy, "created_at"> },
  statuses: readonly SessionStatus[],
): PageQuery {
  const column = SORT_COLUMNS[f.sortBy];
  if (!f.organizationId) return mergedRanges(d1, f, statuses, ` AND "${column.name}" IS NULL`);
  const dir = f.order === "asc" ? asc : desc;
  return db(d1)
    .select(LIST_COLUMNS)
    .from(sessions)
    .where(and(whereOf({ ...f, status: undefined }), inArray(sessions.status, [...statuses]), isNull(column)))
    .orderBy(dir(sessions.createdAt), dir(sessions.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function listSessions(d1: D1Database, f: ListFilter): Promise<{ rows: SessionListRow[]; total: number }> {
  const page = f.sortBy === "created_at" ? listQuery(d1, f).all() : pageByValue(d1, { ...f, sortBy: f.sortBy });
  const [rows, total] = await Promise.all([page, countSessions(d1, f)]);
  return { rows, total };
}

/**
 * A page sorted by completed_at or confidence_score. Their list indexes are
 * partial (only sessions with the value: a creation writes no entry there),
 * so the page is read in two parts, as SQL orders NULLs: the sessions with a
 * value (that index, in order), and those without (user_type_status_created,
 * one range per type and status, merged in creation order). Ascending, the ones without come first;
 * descending, last. Each part reads about as many rows as it returns.
 */
async function pageByValue(
  d1: D1Database,
  f: ListFilter & { sortBy: Exclude<SortBy, "created_at"> },
): Promise<SessionListRow[]> {
  const asked = (statuses: readonly SessionStatus[]) => statuses.filter((s) => !f.status || s === f.status);
  const unvaluedStatuses = asked(UNVALUED_STATUSES[f.sortBy]);
  const valuedStatuses = asked(SESSION_STATUSES.filter((s) => !UNVALUED_STATUSES[f.sortBy].includes(s)));
  // How many sessions a part holds follows from its statuses (each status is all valued or all
  // unvalued), so it is read from the counts, not by counting the sessions.
  const total = async (statuses: SessionStatus[]) =>
    (await Promise.all(statuses.map((status) => countSessions(d1, { ...f, status })))).reduce((a, b) => a + b, 0);
  const valued = {
    page: async (limit: number, offset: number) =>
      valuedStatuses.length > 0 ? listQuery(d1, { ...f, limit, offset }).all() : [],
    count: () => total(valuedStatuses),
  };
  const unvalued = {
    page: async (limit: number, offset: number) =>
      unvaluedStatuses.length > 0 ? unvaluedQuery(d1, { ...f, limit, offset }, unvaluedStatuses).all() : [],
    count: () => total(unvaluedStatuses),
  };
  const [first, second] = f.order === "asc" ? [unvalued, valued] : [valued, unvalued];
  const head = await first.page(f.limit, f.offset);
  if (head.length === f.limit) return head;
  // The first part ends on this page; how many rows it has says where the second part starts.
  const firstTotal = head.length > 0 ? f.offset + head.length : await first.count();
  const tail = await second.page(f.limit - head.length, Math.max(0, f.offset - firstTotal));
  return [...head, ...tail];
}

const ACTIVE_STATUSES: SessionStatus[] = ["pending", "processing"];

/**
 * `pagination.total`: ended sessions from session_counts (kept by triggers, at
 * most 4 types × 3 statuses rows per owner, however many sessions match), and
 * the pending and processing ones (at most the concurrency cap) counted from
 * the sessions through user_type_status_created or sessions_org_active_idx. A
 * creation so writes no counts row.
 */
async function countSessions(d1: D1Database, f: ListFilter): Promise<number> {
  const activeStatuses = ACTIVE_STATUSES.filter((s) => !f.status || s === f.status);
  const ended = async () => {
    if (f.status && activeStatuses.length > 0) return 0;
    // The rollups key an organization's sessions by its id (migration organizations_data).
    const conditions: SQL[] = [eq(sessionCounts.userId, f.organizationId ?? f.userId)];
    if (f.status) conditions.push(eq(sessionCounts.status, f.status));
    if (f.types) conditions.push(inArray(sessionCounts.sessionType, f.types));
    const row = await db(d1)
      .select({ n: sum(sessionCounts.n) })
      .from(sessionCounts)
      .where(and(...conditions))
      .get();
    return Number(row?.n ?? 0);
  };
  const active = async () => {
    if (activeStatuses.length === 0) return 0;
    const row = await db(d1)
      .select({ n: count() })
      .from(sessions)
      .where(
        and(
          whereOf({ ...f, status: undefined }),
          // Every type named, so a person's count seeks each (type, status) range of user_type_status_created.
          f.types ? undefined : inArray(sessions.sessionType, [...SESSION_TYPES]),
          inArray(sessions.status, activeStatuses),
        ),
      )
      .get();
    return row?.n ?? 0;
  };
  const [a, b] = await Promise.all([ended(), active()]);
  return a + b;
}

export type SettingsPatch = Partial<Pick<SessionRow, "confidenceThreshold" | "tags">>;

/**
 * Change the editable settings of a session that has not ended. Conditional
 * on the status, so a session that ends concurrently is never changed.
 * Returns the updated row, or undefined if it had already ended.
 */
export async function updateOpenSession(
  d1: D1Database,
  id: string,
  patch: SettingsPatch,
  at: string,
): Promise<SessionRow | undefined> {
  return db(d1)
    .update(sessions)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(sessions.id, id), inArray(sessions.status, ["pending", "processing"])))
    .returning()
    .get();
}
