import { holderContextOf } from "../../../context/request";
import { deleteConnection } from "../../../domain/identity/sso/connections";
import { MessageOnlySchema } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { ConnectionParams, common } from "./schemas";

const route = defineRoute({
  operationId: "deleteSsoConnection",
  description:
    "Sign-in through it stops at once (members keep their accounts and memberships; with enforcement gone, password sign-in works again). Audited; another organization's connection is a 404.",
  method: "delete",
  path: "/{organization_id}/sso/connections/{connection_id}",
  ...common,
  summary: "Delete a connection (admins and owners)",
  scope: "organizations:write",
  accountSecurity: true,
  request: { params: ConnectionParams },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: common.errors,
});

export function mountDeleteSsoConnection(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, connection_id } = c.req.valid("param");
    await deleteConnection(holderContextOf(c), { organizationId: organization_id, connectionId: connection_id });
    return c.json({ success: true as const, message: "Connection deleted" }, 200);
  });
}
