import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../../context/request";
import { addDomain } from "../../../domain/identity/sso/domains";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { common, DomainSchema } from "./schemas";

/** What normalizeDomain accepts (src/domain/identity/sso/domains.ts), before it lower-cases and drops a final dot. */
const DomainName = z
  .string()
  .max(253)
  .regex(/^\s*(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}\.?\s*$/, "not a domain name");

const route = defineRoute({
  operationId: "addSsoDomain",
  description: "Returns the DNS TXT record that proves ownership. Audited.",
  method: "post",
  path: "/{organization_id}/sso/domains",
  ...common,
  summary: "Claim an email domain; publish the returned TXT record, then verify",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: z.object({ domain: DomainName }) } } },
  },
  responses: {
    201: { description: "Added", content: { "application/json": { schema: envelopeSchema(DomainSchema) } } },
  },
});

export function mountAddSsoDomain(app: Router) {
  app.openapi(route, async (c) => {
    const view = await addDomain(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      domain: c.req.valid("json").domain,
    });
    return c.json(ok(view, "Domain added"), 201);
  });
}
