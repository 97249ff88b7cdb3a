import { type UserExportRow, usersPage } from "../../db/exports";
import { requireAdmin } from "../admin/require-admin";
import type { UserContext } from "../context";
import type { Tier } from "../identity/principal";
import type { Column } from "./format";
import { createdRange, type DateFilter } from "./range";
import { EXPORT_PAGE_SIZE, type ExportRequest, exportStream } from "./stream";

/**
 * One row per user for analytics: pseudonymous (the user id, never email or
 * username: analytics need no contact data), in this stable order.
 */
export const USER_COLUMNS: readonly Column<UserExportRow>[] = [
  { name: "user_id", type: "text", value: (r) => r.id },
  { name: "tier", type: "text", value: (r) => r.tier },
  { name: "country", type: "text", value: (r) => r.country },
  { name: "created_at", type: "text", value: (r) => r.created_at },
  { name: "last_login", type: "text", value: (r) => r.last_login },
  { name: "sessions_total", type: "number", value: (r) => r.sessions_total },
  { name: "sessions_active", type: "number", value: (r) => r.sessions_active },
  { name: "sessions_completed", type: "number", value: (r) => r.sessions_completed },
  { name: "sessions_failed", type: "number", value: (r) => r.sessions_failed },
  { name: "sessions_cancelled", type: "number", value: (r) => r.sessions_cancelled },
];

export interface UserExportQuery extends DateFilter {
  tier?: Tier | undefined;
  country?: string | undefined;
}

/** Every user (admins only, role checked in D1), by registration time; dates filter created_at. */
export async function exportUsers(
  ctx: UserContext,
  { query: q, format, pageSize = EXPORT_PAGE_SIZE }: ExportRequest<UserExportQuery>,
) {
  await requireAdmin(ctx);
  const filter = { tier: q.tier, country: q.country, ...createdRange(q) };
  return exportStream((after, limit) => usersPage(ctx.db, filter, after, limit), USER_COLUMNS, format, pageSize);
}
