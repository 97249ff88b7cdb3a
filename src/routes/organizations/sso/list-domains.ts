import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../../context/request";
import { listDomains } from "../../../domain/identity/sso/domains";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { common, DomainSchema } from "./schemas";

const route = defineRoute({
  operationId: "listSsoDomains",
  description: "With their verification state and TXT record.",
  method: "get",
  path: "/{organization_id}/sso/domains",
  ...common,
  summary: "List the organization's email domains",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: { description: "Domains", content: { "application/json": { schema: envelopeSchema(z.array(DomainSchema)) } } },
  },
});

export function mountListSsoDomains(app: Router) {
  app.openapi(route, async (c) => {
    const views = await listDomains(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json(ok(views), 200);
  });
}
