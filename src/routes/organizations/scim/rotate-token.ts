import { holderContextOf } from "../../../context/request";
import { rotateScimToken } from "../../../domain/identity/scim/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { common, ScimConnectionParams, ScimConnectionWithTokenSchema } from "./schemas";

const route = defineRoute({
  operationId: "rotateScimToken",
  description:
    "A new bearer token, shown this once; the previous token is refused from this moment, so enter the new one at the IdP. A revoked connection is a 404. Audited.",
  method: "post",
  path: "/{organization_id}/scim/connections/{connection_id}/rotate",
  ...common,
  summary: "Rotate a SCIM connection's token (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: { params: ScimConnectionParams },
  responses: {
    200: {
      description: "Rotated",
      content: { "application/json": { schema: envelopeSchema(ScimConnectionWithTokenSchema) } },
    },
  },
  errors: common.errors,
});

export function mountRotateScimToken(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await rotateScimToken(holderContextOf(c), {
      organizationId: organization_id,
      connectionId: connection_id,
    });
    return c.json(ok(view, "Token rotated: copy it now, it is not shown again"), 200);
  });
}
