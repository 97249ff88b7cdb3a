import { userContextOf } from "../../context/request";
import { transactionHistory } from "../../domain/billing/history";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { HistoryQuery, HistorySchema } from "./schemas";

const route = defineRoute({
  operationId: "listBillingHistory",
  method: "get",
  path: "/history",
  tags: ["Billing"],
  summary: "Transactions, newest first",
  description:
    "Credit purchases (completed and failed) and every credit movement of the ledger: `signup_grant`, `session_debit`, `session_refund`, `adjustment`. Credit-only movements have `amount` 0.",
  scope: "analytics:read",
  request: { query: HistoryQuery },
  responses: {
    200: {
      description: "A page of transactions",
      content: { "application/json": { schema: envelopeSchema(HistorySchema) } },
    },
  },
});

export function mountGetHistory(app: Router) {
  app.openapi(route, async (c) => c.json(ok(await transactionHistory(userContextOf(c), c.req.valid("query"))), 200));
}
