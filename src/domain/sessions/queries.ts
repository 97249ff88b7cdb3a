import {
  findSession,
  findSessionWithContent,
  historyOf,
  listSessions,
  type SessionRow,
  type SortBy,
} from "../../db/sessions";
import type { Store } from "../../db/store";
import { AppError } from "../../errors";
import type { UserContext } from "../context";
import { memberOf } from "../organizations/access";
import { actingDatabase, databaseOfId } from "../shards/accounts";
import { fullRow, storedOf } from "./archive";
import type { StoredSession } from "./content";
import { type Action, readableTypes, requireSessionScope } from "./families";
import { historyEntry } from "./resources";
import type { HistoryEntry, SessionStatus, SessionType } from "./types";

/**
 * The caller's session, checked in this order: it exists and the caller may
 * reach it (else 404 — another user's session is indistinguishable from
 * none), then the credential carries the session family's scope for
 * `action` (else 403). A personal session is reachable by its creator (not
 * through an organization API key); an organization's session by every
 * current member (read from D1 now) and by the organization's API keys —
 * the session id names it, so no X-Organization-Id is needed.
 */
export function ownSession(ctx: UserContext, { id, action }: SessionAccess): Promise<SessionRow> {
  return reachable(ctx, id, action, findSession).then((row) => fullRow(ctx, row));
}

/** Which session, for what (the scope family's action it needs). */
export interface SessionAccess {
  id: string;
  action: Action;
}

/** `ownSession` with its content (the Analysis resource, the history), read with the row. */
export async function ownSessionWithContent(ctx: UserContext, { id, action }: SessionAccess): Promise<StoredSession> {
  const { contentBody, ...row } = await reachable(ctx, id, action, findSessionWithContent);
  return storedOf(ctx, { row, contentBody });
}

async function reachable<R extends SessionRow>(
  ctx: UserContext,
  id: string,
  action: Action,
  find: (d1: Store, id: string) => Promise<R | undefined>,
): Promise<R> {
  // The shard the id names (docs/scale.md "Shards"): no look-up; an id naming no bound shard, or a
  // row there of another account, is the same 404 as a missing one.
  const d1 = databaseOfId(ctx, id);
  const row = d1 && (await find(d1, id));
  if (!row || !(await canReach(ctx, row))) {
    throw new AppError("SESSION_NOT_FOUND", { details: { session_id: id } });
  }
  requireSessionScope(ctx.principal, row.sessionType, action);
  return row;
}

async function canReach(ctx: UserContext, row: SessionRow): Promise<boolean> {
  const { principal } = ctx;
  const viaKey = principal.organization?.via === "api_key";
  if (row.organizationId === null) return !viaKey && row.userId === principal.userId;
  if (principal.organization?.id === row.organizationId) return true;
  // memberOf applies the organization's MFA requirement (403 ORGANIZATION_MFA_REQUIRED).
  return (
    !viaKey && (await memberOf(ctx, { organizationId: row.organizationId, userId: principal.userId })) !== undefined
  );
}

/** The stages a session went through: from its content once it ended, from the history rows while it runs. */
export async function sessionHistory(ctx: UserContext, { id }: { id: string }): Promise<HistoryEntry[]> {
  return historyOfStored(ctx, await ownSessionWithContent(ctx, { id, action: "read" }));
}

/** The history of a session already read with its content (no second read of it: an archived one's is in R2). */
export async function historyOfStored(ctx: UserContext, { row, content }: StoredSession): Promise<HistoryEntry[]> {
  if (content) return content.history;
  // Read where the row was read: the shard its id names.
  const d1 = databaseOfId(ctx, row.id);
  return row.status === "processing" && d1 ? (await historyOf(d1, row.id)).map(historyEntry) : [];
}

export interface ListQuery {
  status?: SessionStatus | undefined;
  session_type?: SessionType | undefined;
  limit: number;
  offset: number;
  sort_by: SortBy;
  order: "asc" | "desc";
}

/** The caller's personal sessions, or the organization's when acting for one; only of the families the credential can read. */
export async function listOwnSessions(ctx: UserContext, q: ListQuery) {
  const { principal } = ctx;
  const readable = readableTypes(principal);
  if (q.session_type && !readable.includes(q.session_type)) requireSessionScope(principal, q.session_type, "read");
  const types = q.session_type ? [q.session_type] : readable.length === 4 ? undefined : readable;
  // The acting account's sessions are on its shard: the organization's, or the person's own.
  const { rows, total } = await listSessions(actingDatabase(ctx, principal), {
    userId: principal.userId,
    organizationId: principal.organization?.id,
    status: q.status,
    types,
    sortBy: q.sort_by,
    order: q.order,
    limit: q.limit,
    offset: q.offset,
  });
  return { rows, pagination: { total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total } };
}
