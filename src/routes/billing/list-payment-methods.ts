import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../context/request";
import { ownPaymentMethods } from "../../domain/billing/payment-methods";
import { paymentMethodResource } from "../../domain/billing/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PaymentMethodSchema } from "./schemas";

const route = defineRoute({
  operationId: "listPaymentMethods",
  method: "get",
  path: "/payment-methods",
  tags: ["Billing"],
  summary: "The caller's saved cards",
  description: "The caller's saved cards (brand, last four digits, expiry), never the card numbers.",
  scope: "profile",
  responses: {
    200: {
      description: "Payment methods",
      content: {
        "application/json": { schema: envelopeSchema(z.object({ payment_methods: z.array(PaymentMethodSchema) })) },
      },
    },
  },
});

export function mountListPaymentMethods(app: Router) {
  app.openapi(route, async (c) => {
    const rows = await ownPaymentMethods(userContextOf(c));
    return c.json(ok({ payment_methods: rows.map(paymentMethodResource) }), 200);
  });
}
