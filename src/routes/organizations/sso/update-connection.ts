import { holderContextOf } from "../../../context/request";
import { updateConnection } from "../../../domain/identity/sso/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { ConnectionParams, ConnectionSchema, common, UpdateConnectionBody } from "./schemas";

const route = defineRoute({
  operationId: "updateSsoConnection",
  description:
    "Changes merge onto the connection and are validated as a whole. Rotate an IdP certificate without downtime: `add_certificates` with the new one before the IdP switches, `remove_certificates` with the old one after. A new LDAP `service_password` is sealed again. Audited (certificates as SHA-256 fingerprints, never secrets); another organization's connection is a 404.",
  method: "patch",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Change a connection: name, enforcement, SAML certificates, LDAP settings (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: {
    params: ConnectionParams,
    body: { required: true, content: { "application/json": { schema: UpdateConnectionBody } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
  errors: [...common.errors, "SSO_CONNECTION_INVALID"],
});

export function mountUpdateSsoConnection(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await updateConnection(holderContextOf(c), {
      organizationId: organization_id,
      connectionId: connection_id,
      changes: c.req.valid("json"),
    });
    return c.json(ok(view, "Connection updated"), 200);
  });
}
