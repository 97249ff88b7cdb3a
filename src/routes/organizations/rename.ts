import { userContextOf } from "../../context/request";
import { renameOrganization } from "../../domain/organizations/manage";
import { organizationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam, OrganizationSchema, RenameOrganizationBody } from "./schemas";

const route = defineRoute({
  method: "put",
  operationId: "renameOrganization",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "Rename (admins and owners)",
  description: "Rename (admins and owners)",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: RenameOrganizationBody } } },
  },
  responses: {
    200: { description: "Renamed", content: { "application/json": { schema: envelopeSchema(OrganizationSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountRenameOrganization(app: Router) {
  app.openapi(route, async (c) => {
    const { organization, role } = await renameOrganization(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      name: c.req.valid("json").name,
    });
    return c.json(ok(organizationResource(organization, role), "Organization renamed"), 200);
  });
}
