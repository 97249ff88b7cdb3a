import { holderContextOf } from "../../../context/request";
import { revokeScimConnection } from "../../../domain/identity/scim/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { common, ScimConnectionParams, ScimConnectionSchema } from "./schemas";

const route = defineRoute({
  operationId: "revokeScimConnection",
  description:
    "Its token is refused from this moment, for good; the members it provisioned stay members, managed here from now on. Revoking a revoked connection changes nothing. Audited.",
  method: "delete",
  path: "/{organization_id}/scim/connections/{connection_id}",
  ...common,
  summary: "Revoke a SCIM connection (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: { params: ScimConnectionParams },
  responses: {
    200: {
      description: "Revoked",
      content: { "application/json": { schema: envelopeSchema(ScimConnectionSchema) } },
    },
  },
  errors: common.errors,
});

export function mountRevokeScimConnection(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await revokeScimConnection(holderContextOf(c), {
      organizationId: organization_id,
      connectionId: connection_id,
    });
    return c.json(ok(view, "Connection revoked"), 200);
  });
}
