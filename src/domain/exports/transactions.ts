import type { HistoryRow } from "../../db/billing-history";
import { transactionsPage } from "../../db/exports";
import { actingAccountRef } from "../billing/accounts";
import { toMajorUnits } from "../billing/catalogue";
import type { UserContext } from "../context";
import type { Column } from "./format";
import { createdRange, type DateFilter } from "./range";
import { EXPORT_PAGE_SIZE, type ExportRequest, exportStream } from "./stream";

/** The Transaction resource's fields (GET /billing/history), in that order. */
export const TRANSACTION_COLUMNS: readonly Column<HistoryRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "type", type: "text", value: (r) => r.type },
  { name: "amount", type: "number", value: (r) => toMajorUnits(r.amount_cents) },
  { name: "currency", type: "text", value: (r) => r.currency },
  { name: "credits", type: "number", value: (r) => r.credits },
  { name: "status", type: "text", value: (r) => r.status },
  { name: "created_at", type: "text", value: (r) => r.created_at },
  { name: "description", type: "text", value: (r) => r.description },
];

/** The acting billing account's history (purchases, fees and ledger movements), oldest first. */
export function exportTransactions(
  ctx: UserContext,
  { query: q, format, pageSize = EXPORT_PAGE_SIZE }: ExportRequest<DateFilter>,
) {
  const range = createdRange(q);
  // The acting billing account's history (resolved once, by the authenticate middleware).
  const account = actingAccountRef(ctx);
  return exportStream(
    async (after, limit) => transactionsPage(ctx.db, { accountId: (await account).id, ...range }, after, limit),
    TRANSACTION_COLUMNS,
    format,
    pageSize,
  );
}
