import { userContextOf } from "../../context/request";
import { createOrganization } from "../../domain/organizations/manage";
import { organizationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { CreateOrganizationBody, OrganizationSchema } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "createOrganization",
  path: "/",
  tags: ["Organizations"],
  summary: "Create an organization (you become its owner)",
  description: "Create an organization (you become its owner)",
  scope: "organizations:write",
  request: { body: { required: true, content: { "application/json": { schema: CreateOrganizationBody } } } },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: envelopeSchema(OrganizationSchema) } } },
  },
  errors: ["ORGANIZATION_LIMIT_REACHED", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountCreateOrganization(app: Router) {
  app.openapi(route, async (c) => {
    const { organization, role } = await createOrganization(userContextOf(c), { name: c.req.valid("json").name });
    return c.json(ok(organizationResource(organization, role), "Organization created"), 201);
  });
}
