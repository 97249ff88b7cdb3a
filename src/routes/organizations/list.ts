import { myOrganizations } from "../../domain/organizations/manage";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { OrganizationListSchema, organizationResource } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/",
  tags: ["Organizations"],
  summary: "The organizations you belong to, with your role",
  scope: "organizations:read",
  responses: {
    200: {
      description: "Your organizations",
      content: { "application/json": { schema: envelopeSchema(OrganizationListSchema) } },
    },
  },
});

export function mountListOrganizations(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const rows = await myOrganizations(c.env.DB, c.get("principal"));
    return c.json(ok({ organizations: rows.map((r) => organizationResource(r.organization, r.role)) }), 200);
  });
}
