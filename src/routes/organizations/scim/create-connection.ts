import { holderContextOf } from "../../../context/request";
import { createScimConnection } from "../../../domain/identity/scim/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { CreateScimConnectionBody, common, ScimConnectionWithTokenSchema } from "./schemas";

const route = defineRoute({
  operationId: "createScimConnection",
  description:
    "A SCIM 2.0 service provider for the organization's directory (Okta, Entra ID, Google Workspace): the answer holds the base URL and the bearer token to enter at the IdP, shown this once (stored only as SHA-256). Audited.",
  method: "post",
  path: "/{organization_id}/scim/connections",
  ...common,
  summary: "Add a SCIM provisioning connection (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: CreateScimConnectionBody } } },
  },
  responses: {
    201: {
      description: "Created",
      content: { "application/json": { schema: envelopeSchema(ScimConnectionWithTokenSchema) } },
    },
  },
  errors: common.errors,
});

export function mountCreateScimConnection(app: Router) {
  app.openapi(route, async (c) => {
    const view = await createScimConnection(holderContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      connection: c.req.valid("json"),
    });
    return c.json(ok(view, "Connection created: copy the token now, it is not shown again"), 201);
  });
}
