import { userContextOf } from "../../context/request";
import { billingRecord } from "../../domain/billing/billing-record";
import { actingFor, requireBillingOwner } from "../../domain/organizations/access";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { BillingSchema } from "../billing/schemas";
import { defineRoute } from "../route";
import { OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "getOrganizationBilling",
  path: "/{organization_id}/billing",
  tags: ["Organizations"],
  summary: "The organization's billing record (owners)",
  description:
    "The same record as GET /v1/billing, for the organization's own billing account: its plan, cycle and credit pool. Equivalent to GET /v1/billing with `X-Organization-Id`.",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "The billing record",
      content: { "application/json": { schema: envelopeSchema(BillingSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountGetOrganizationBilling(app: Router) {
  app.openapi(route, async (c) => {
    const acting = await actingFor(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    requireBillingOwner(acting.principal);
    return c.json(ok(await billingRecord(acting)), 200);
  });
}
