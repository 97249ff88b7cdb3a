import { userContextOf } from "../../../context/request";
import { getScimConnection } from "../../../domain/identity/scim/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { common, ScimConnectionParams, ScimConnectionSchema } from "./schemas";

const route = defineRoute({
  operationId: "getScimConnection",
  description: "One SCIM connection of the organization, without its token; another organization's is a 404.",
  method: "get",
  path: "/{organization_id}/scim/connections/{connection_id}",
  ...common,
  summary: "Read a SCIM connection (admins and owners)",
  scope: "organizations:read",
  request: { params: ScimConnectionParams },
  responses: {
    200: {
      description: "Connection",
      content: { "application/json": { schema: envelopeSchema(ScimConnectionSchema) } },
    },
  },
});

export function mountGetScimConnection(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await getScimConnection(userContextOf(c), {
      organizationId: organization_id,
      connectionId: connection_id,
    });
    return c.json(ok(view), 200);
  });
}
