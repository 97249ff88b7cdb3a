import { userContextOf } from "../../context/request";
import { readOrganization } from "../../domain/organizations/manage";
import { organizationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam, OrganizationSchema } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "getOrganization",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "One organization you belong to",
  description: "One organization you belong to",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "The organization",
      content: { "application/json": { schema: envelopeSchema(OrganizationSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountGetOrganization(app: Router) {
  app.openapi(route, async (c) => {
    const { organization, role } = await readOrganization(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
    });
    return c.json(ok(organizationResource(organization, role)), 200);
  });
}
