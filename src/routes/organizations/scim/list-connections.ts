import { z } from "@hono/zod-openapi";
import { userContextOf } from "../../../context/request";
import { listScimConnections } from "../../../domain/identity/scim/connections";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { OrganizationIdParam } from "../schemas";
import { common, ScimConnectionSchema } from "./schemas";

const route = defineRoute({
  operationId: "listScimConnections",
  description: "Newest first, revoked ones included; never a token.",
  method: "get",
  path: "/{organization_id}/scim/connections",
  ...common,
  summary: "List SCIM connections (admins and owners)",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "Connections",
      content: { "application/json": { schema: envelopeSchema(z.array(ScimConnectionSchema)) } },
    },
  },
});

export function mountListScimConnections(app: Router) {
  app.openapi(route, async (c) => {
    const views = await listScimConnections(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json(ok(views), 200);
  });
}
