import type { HistoryRow } from "../../db/billing-history";
import { transactionsPage } from "../../db/exports";
import type { Store } from "../../db/store";
import { actingAccountRef } from "../billing/accounts";
import { toMajorUnits } from "../billing/catalogue";
import type { Principal } from "../identity/principal";
import type { Column, ExportFormat } from "./format";
import { createdRange, type DateFilter } from "./range";
import { EXPORT_PAGE_SIZE, exportStream } from "./stream";

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
  d1: Store,
  principal: Principal,
  q: DateFilter,
  format: ExportFormat,
  pageSize = EXPORT_PAGE_SIZE,
) {
  const range = createdRange(q);
  // The acting billing account's history (resolved once, by the authenticate middleware).
  const account = actingAccountRef(d1, principal);
  return exportStream(
    async (after, limit) => transactionsPage(d1, { accountId: (await account).id, ...range }, after, limit),
    TRANSACTION_COLUMNS,
    format,
    pageSize,
  );
}
