import { userContextOf } from "../../../context/request";
import { connectionOf } from "../../../domain/identity/sso/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { ConnectionParams, ConnectionSchema, common } from "./schemas";

const route = defineRoute({
  operationId: "getSsoConnection",
  description: "One connection of the organization; another organization's is a 404.",
  method: "get",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Read a connection and its SP addresses (admins and owners)",
  scope: "organizations:read",
  request: { params: ConnectionParams },
  responses: {
    200: { description: "Connection", content: { "application/json": { schema: envelopeSchema(ConnectionSchema) } } },
  },
});

export function mountGetSsoConnection(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    const view = await connectionOf(userContextOf(c), { organizationId: organization_id, connectionId: connection_id });
    return c.json(ok(view), 200);
  });
}
