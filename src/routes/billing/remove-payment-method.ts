import { userContextOf } from "../../context/request";
import { removePaymentMethod } from "../../domain/billing/payment-methods";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PaymentMethodIdParam } from "./schemas";

const route = defineRoute({
  operationId: "removePaymentMethod",
  method: "delete",
  path: "/payment-methods/{payment_method_id}",
  tags: ["Billing"],
  summary: "Remove a saved card",
  description:
    "Removes the card. When it was the default, the most recently added remaining card becomes the default; with no card left, a paid plan's next renewal fails and the account enters dunning (docs/decisions.md, \"Billing cycle\"). Another account's card is a 404.",
  scope: "profile",
  request: { params: PaymentMethodIdParam },
  responses: { 200: { description: "Removed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountRemovePaymentMethod(app: Router) {
  app.openapi(route, async (c) => {
    await removePaymentMethod(userContextOf(c), { id: c.req.valid("param").payment_method_id });
    return c.json({ success: true as const, message: "Payment method removed" }, 200);
  });
}
