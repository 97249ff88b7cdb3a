import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../../context/request";
import { listConnections } from "../../../domain/identity/sso/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { ConnectionSchema, common } from "./schemas";

const route = defineRoute({
  operationId: "listSsoConnections",
  description: "Each SAML connection carries the SP entity id, ACS URL and login URL to paste into the IdP.",
  method: "get",
  path: "/{organization_id}/sso/connections",
  ...common,
  summary: "List connections (admins and owners)",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "Connections",
      content: { "application/json": { schema: envelopeSchema(z.array(ConnectionSchema)) } },
    },
  },
});

export function mountListSsoConnections(app: Router) {
  app.openapi(route, async (c) => {
    const views = await listConnections(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json(ok(views), 200);
  });
}
