import { type Keyset, type SessionExportRow, sessionsPage } from "../../db/exports";
import type { UserContext } from "../context";
import { fullExportRows } from "../sessions/archive";
import { sessionResultsOf } from "../sessions/content";
import type { SessionStatus, SessionType } from "../sessions/types";
import type { Column } from "./format";
import { createdRange, type DateFilter } from "./range";
import { EXPORT_PAGE_SIZE, type ExportRequest, exportStream } from "./stream";

const json = (text: string | null) => (text === null ? null : JSON.parse(text));

/**
 * The sessions export's columns, in their documented, stable order
 * (README "Exports", OpenAPI `SessionExportRow`). New columns are only ever
 * appended.
 */
export const SESSION_COLUMNS: readonly Column<SessionExportRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "session_type", type: "text", value: (r) => r.session_type },
  { name: "status", type: "text", value: (r) => r.status },
  { name: "cue", type: "text", value: (r) => r.cue },
  { name: "created_at", type: "text", value: (r) => r.created_at },
  { name: "started_at", type: "text", value: (r) => r.started_at },
  { name: "completed_at", type: "text", value: (r) => r.completed_at },
  { name: "cancelled_at", type: "text", value: (r) => r.cancelled_at },
  { name: "estimated_completion", type: "text", value: (r) => r.estimated_completion },
  { name: "requested_duration", type: "number", value: (r) => r.requested_duration },
  { name: "duration", type: "number", value: (r) => r.duration },
  { name: "confidence_threshold", type: "number", value: (r) => r.confidence_threshold },
  { name: "analysis_types", type: "json", value: (r) => json(r.analysis_types) },
  { name: "priority", type: "text", value: (r) => r.priority },
  { name: "case_id", type: "text", value: (r) => r.case_id },
  { name: "client_reference", type: "text", value: (r) => r.client_reference },
  { name: "tags", type: "json", value: (r) => json(r.tags) },
  { name: "credits_required", type: "number", value: (r) => r.credits_required },
  { name: "credits_used", type: "number", value: (r) => r.credits_used },
  { name: "credits_refunded", type: "number", value: (r) => r.credits_refunded },
  { name: "confidence_score", type: "number", value: (r) => r.confidence_score },
  {
    name: "error_code",
    type: "text",
    value: (r) => (r.status === "failed" ? (r.end_reason ?? "AI_MODEL_ERROR") : null),
  },
  {
    name: "results",
    type: "json",
    value: (r) => sessionResultsOf(json(r.results), json(r.analysis_types)),
  },
];

export interface SessionExportQuery extends DateFilter {
  status?: SessionStatus | undefined;
  session_type?: SessionType | undefined;
}

/**
 * The sessions GET /v1/sessions lists, with their results, oldest first: the
 * caller's personal sessions, or the acting organization's (X-Organization-Id,
 * whose membership authentication checked in D1, or an organization API key).
 * Never a personal export of the organization sessions the caller created:
 * those belong to the organization, and a removed member reads none of them
 * (docs/security.md "Exports mirror their lists"). The route's
 * `analytics:export` scope is the permission: it covers every session family
 * (docs/scopes.md).
 */
export function exportSessions(
  ctx: UserContext,
  { query: q, format, pageSize = EXPORT_PAGE_SIZE }: ExportRequest<SessionExportQuery>,
) {
  const { principal } = ctx;
  const filter = {
    userId: principal.userId,
    organizationId: principal.organization?.id,
    status: q.status,
    sessionType: q.session_type,
    ...createdRange(q),
  };
  // An archived session's moved columns are read from its object (one R2 read per slimmed row).
  const page = async (after: Keyset | null, limit: number) =>
    fullExportRows(ctx, await sessionsPage(ctx.db, filter, after, limit));
  return exportStream(page, SESSION_COLUMNS, format, pageSize);
}
