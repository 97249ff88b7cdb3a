import { userContextOf } from "../../context/request";
import { billingRecord } from "../../domain/billing/billing-record";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { BillingSchema } from "./schemas";

const route = defineRoute({
  operationId: "getBilling",
  method: "get",
  path: "/",
  tags: ["Billing"],
  summary: "The caller's billing record",
  description:
    "Tier, monthly fee, credits of the current month, usage of this and last month (UTC calendar months), default payment method and next billing date.",
  scope: "analytics:read",
  responses: {
    200: {
      description: "The billing record",
      content: { "application/json": { schema: envelopeSchema(BillingSchema) } },
    },
  },
});

export function mountGetBilling(app: Router) {
  app.openapi(route, async (c) => c.json(ok(await billingRecord(userContextOf(c))), 200));
}
