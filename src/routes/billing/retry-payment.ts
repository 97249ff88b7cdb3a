import { userContextOf } from "../../context/request";
import { retryPayment } from "../../domain/billing/settle";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { BillingSchema } from "./schemas";

const retryRoute = defineRoute({
  operationId: "retryPayment",
  method: "post",
  path: "/retry",
  tags: ["Billing"],
  summary: "Retry the failed payment now",
  description:
    "For a past_due account: charge the overdue fee now with the default payment method (counts as one dunning attempt). The billing record after the attempt is returned.",
  scope: "profile",
  responses: {
    200: { description: "Attempted", content: { "application/json": { schema: envelopeSchema(BillingSchema) } } },
  },
  errors: ["NOTHING_TO_RETRY", "PAYMENT_PROVIDER_UNAVAILABLE"],
});

export function mountRetryPayment(app: Router) {
  app.openapi(retryRoute, async (c) => c.json(ok(await retryPayment(userContextOf(c))), 200));
}
