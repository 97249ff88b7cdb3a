import { userContextOf } from "../../context/request";
import { setDefaultPaymentMethod } from "../../domain/billing/payment-methods";
import { paymentMethodResource } from "../../domain/billing/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PaymentMethodIdParam, PaymentMethodSchema } from "./schemas";

const route = defineRoute({
  operationId: "setDefaultPaymentMethod",
  method: "post",
  path: "/payment-methods/{payment_method_id}/default",
  tags: ["Billing"],
  summary: "Make a saved card the default",
  description:
    "Renewals and purchases without `payment_method_id` charge the default card. On a past_due account the new default is charged at once for the overdue fee, as when a default card is added.",
  scope: "profile",
  request: { params: PaymentMethodIdParam },
  responses: {
    200: {
      description: "The new default",
      content: { "application/json": { schema: envelopeSchema(PaymentMethodSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountSetDefaultPaymentMethod(app: Router) {
  app.openapi(route, async (c) => {
    const pm = await setDefaultPaymentMethod(userContextOf(c), { id: c.req.valid("param").payment_method_id });
    return c.json(ok(paymentMethodResource(pm), "Default payment method changed"), 200);
  });
}
