import { userContextOf } from "../../context/request";
import { myOrganizations } from "../../domain/organizations/manage";
import { organizationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationListSchema } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "listOrganizations",
  path: "/",
  tags: ["Organizations"],
  summary: "The organizations you belong to, with your role",
  description: "The organizations you belong to, with your role",
  scope: "organizations:read",
  responses: {
    200: {
      description: "Your organizations",
      content: { "application/json": { schema: envelopeSchema(OrganizationListSchema) } },
    },
  },
});

export function mountListOrganizations(app: Router) {
  app.openapi(route, async (c) => {
    const rows = await myOrganizations(userContextOf(c));
    return c.json(ok({ organizations: rows.map((r) => organizationResource(r.organization, r.role)) }), 200);
  });
}
