import { userContextOf } from "../../context/request";
import { addPaymentMethod } from "../../domain/billing/payment-methods";
import { paymentMethodResource } from "../../domain/billing/resources";
import { requireRecentCheck } from "../../domain/identity/mfa/recent-check";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { AddPaymentMethodBody, PaymentMethodSchema } from "./schemas";

const route = defineRoute({
  operationId: "addPaymentMethod",
  method: "post",
  path: "/payment-methods",
  tags: ["Billing"],
  summary: "Save a card",
  description:
    "The gateway tokenizes the card; only brand, last four digits and expiry are kept. A number that fails the Luhn check, an expired card or one the gateway declines is 402 `PAYMENT_DECLINED` with `details.decline_code` (`incorrect_number`, `expired_card`, `card_declined`), as a declined charge is. The first card (or one sent with `set_default: true`) becomes the default; a new default card on a past_due account is charged at once for the overdue fee. Test gateway cards: docs/decisions.md. With the Stripe gateway card numbers are refused (422): pass a Stripe PaymentMethod id (`pm_…`, from Stripe.js) as `payment_method_id` on purchase or plan change instead.",
  scope: "profile",
  errors: ["PAYMENT_PROVIDER_UNAVAILABLE", "MFA_REQUIRED", "PAYMENT_DECLINED"],
  request: { body: { required: true, content: { "application/json": { schema: AddPaymentMethodBody } } } },
  responses: {
    201: { description: "Saved", content: { "application/json": { schema: envelopeSchema(PaymentMethodSchema) } } },
  },
});

export function mountAddPaymentMethod(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    await requireRecentCheck(ctx, ctx.principal);
    const pm = await addPaymentMethod(ctx, c.req.valid("json"));
    return c.json(ok(paymentMethodResource(pm), "Payment method added"), 201);
  });
}
