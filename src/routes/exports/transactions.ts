import { userContextOf } from "../../context/request";
import { negotiateFormat } from "../../domain/exports/format";
import { exportTransactions, TRANSACTION_COLUMNS } from "../../domain/exports/transactions";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { streamed } from "./respond";
import { ExportQueryBase, exportResponse, TransactionExportRowSchema } from "./schemas";

const route = defineRoute({
  operationId: "exportTransactions",
  method: "get",
  path: "/transactions",
  tags: ["Exports"],
  summary: "Export the caller's billing history (CSV or NDJSON)",
  description:
    "The rows of GET /billing/history (purchases and every ledger movement), oldest first, filtered by created_at dates.",
  scope: "analytics:export",
  request: { query: ExportQueryBase },
  responses: exportResponse("The transactions", TransactionExportRowSchema, TRANSACTION_COLUMNS),
});

export function mountExportTransactions(app: Router) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const format = negotiateFormat(q.format, c.req.header("Accept"));
    return streamed(c, "transactions", format, await exportTransactions(userContextOf(c), { query: q, format }));
  });
}
