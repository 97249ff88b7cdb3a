import { userContextOf } from "../../context/request";
import { purchaseCredits } from "../../domain/billing/purchase";
import { actingFor, requireBillingOwner } from "../../domain/organizations/access";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { PurchaseBody, PurchaseResultSchema } from "../billing/schemas";
import { defineRoute } from "../route";
import { OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "purchaseOrganizationCredits",
  path: "/{organization_id}/billing/credits/purchase",
  tags: ["Organizations"],
  summary: "Buy credits for the organization's pool (owners)",
  description:
    "As POST /v1/billing/credits/purchase, charged to a payment method of the organization's account (add one with POST /v1/billing/payment-methods and `X-Organization-Id`). Audited as `billing.purchase`.",
  scope: "organizations:write",
  idempotent: true,
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: PurchaseBody } } },
  },
  responses: {
    201: {
      description: "Credits purchased",
      content: { "application/json": { schema: envelopeSchema(PurchaseResultSchema) } },
    },
  },
  errors: [
    "RESOURCE_NOT_FOUND",
    "ORGANIZATION_ROLE_REQUIRED",
    "PAYMENT_DECLINED",
    "PAYMENT_FAILED",
    "PAYMENT_PROVIDER_UNAVAILABLE",
  ],
});

export function mountPurchaseForOrganization(app: Router) {
  app.openapi(route, async (c) => {
    const id = c.req.valid("param").organization_id;
    const acting = await actingFor(userContextOf(c), { organizationId: id });
    requireBillingOwner(acting.principal);
    const body = c.req.valid("json");
    const result = await purchaseCredits(acting, { ...body, clientKey: c.req.header("idempotency-key") });
    return c.json(ok(result, "Credits purchased"), 201);
  });
}
