import { holderContextOf } from "../../../context/request";
import { createConnection } from "../../../domain/identity/sso/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { ConnectionSchema, CreateConnectionBody, common } from "./schemas";

const route = defineRoute({
  operationId: "createSsoConnection",
  description:
    "SAML from IdP metadata XML or fields (entity id, SSO URL, certificates); LDAP with its service password sealed at rest and never returned; OIDC from the issuer (discovered) and a client id and secret (sealed, never returned). Audited.",
  method: "post",
  path: "/{organization_id}/sso/connections",
  ...common,
  summary: "Add a SAML, OIDC or LDAP connection (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: CreateConnectionBody } } },
  },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
  errors: [...common.errors, "SSO_CONNECTION_INVALID"],
});

export function mountCreateSsoConnection(app: Router) {
  app.openapi(route, async (c) => {
    const view = await createConnection(holderContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      connection: c.req.valid("json"),
    });
    return c.json(ok(view, "Connection created"), 201);
  });
}
