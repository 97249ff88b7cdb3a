import { userContextOf } from "../../context/request";
import { purchaseCredits } from "../../domain/billing/purchase";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PurchaseBody, PurchaseResultSchema } from "./schemas";

const route = defineRoute({
  operationId: "purchaseCredits",
  method: "post",
  path: "/credits/purchase",
  tags: ["Billing"],
  summary: "Buy credits",
  description:
    "Charges the payment method for `quantity` × the package and credits the balance once. Send `Idempotency-Key` to retry safely: a repeat returns the first response (`Idempotent-Replayed: true`) without charging again, and a retry after a failure (a 5xx) presents the processor with the same charge key, so it is never charged twice. A refund, dispute or late failure reported by the processor later takes the credits back (never below a zero balance; `billing.payment_reversed`). 503 `PAYMENT_PROVIDER_UNAVAILABLE` when no payment processor is usable (the test gateway in production).",
  scope: "profile",
  idempotent: true,
  request: { body: { required: true, content: { "application/json": { schema: PurchaseBody } } } },
  responses: {
    201: {
      description: "Credits purchased",
      content: { "application/json": { schema: envelopeSchema(PurchaseResultSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "PAYMENT_DECLINED", "PAYMENT_FAILED", "PAYMENT_PROVIDER_UNAVAILABLE"],
});

export function mountPurchase(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const result = await purchaseCredits(userContextOf(c), { ...body, clientKey: c.req.header("idempotency-key") });
    return c.json(ok(result, "Credits purchased"), 201);
  });
}
