import { renameOrganization } from "../../domain/organizations/manage";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { requestMeta } from "../../http/request-meta";
import { defineRoute } from "../../http/route";
import { OrganizationIdParam, OrganizationSchema, organizationResource, RenameOrganizationBody } from "./schemas";

const route = defineRoute({
  method: "put",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "Rename (admins and owners)",
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

export function mountRenameOrganization(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const { organization, role } = await renameOrganization(
      c.env.DB,
      c.get("principal"),
      requestMeta(c),
      c.req.valid("param").organization_id,
      c.req.valid("json").name,
    );
    return c.json(ok(organizationResource(organization, role), "Organization renamed"), 200);
  });
}
