import { readOrganization } from "../../domain/organizations/manage";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { OrganizationIdParam, OrganizationSchema, organizationResource } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "One organization you belong to",
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

export function mountGetOrganization(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const { organization, role } = await readOrganization(
      c.env.DB,
      c.get("principal"),
      c.req.valid("param").organization_id,
    );
    return c.json(ok(organizationResource(organization, role)), 200);
  });
}
