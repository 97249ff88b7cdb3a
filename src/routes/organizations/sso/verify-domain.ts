import { userContextOf } from "../../../context/request";
import { verifyDomain } from "../../../domain/identity/sso/domains";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { common, DomainParams, DomainSchema } from "./schemas";

const route = defineRoute({
  operationId: "verifySsoDomain",
  description:
    "Reads the TXT record over DNS-over-HTTPS; 422 until it is visible. A domain is verified by one organization at a time: 409 `SSO_DOMAIN_TAKEN` while another holds it. Audited.",
  method: "post",
  path: "/{organization_id}/sso/domains/{domain_id}/verify",
  ...common,
  errors: [...common.errors, "SSO_DOMAIN_TAKEN"],
  summary: "Check the domain's TXT record over DNS-over-HTTPS",
  scope: "organizations:write",
  request: { params: DomainParams },
  responses: {
    200: { description: "Verified", content: { "application/json": { schema: envelopeSchema(DomainSchema) } } },
  },
});

export function mountVerifySsoDomain(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, domain_id } = c.req.valid("param");
    const view = await verifyDomain(userContextOf(c), { organizationId: organization_id, domainId: domain_id });
    return c.json(ok(view, "Domain verified"), 200);
  });
}
