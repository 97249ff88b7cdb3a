import { userContextOf } from "../../context/request";
import { organizationMailOutbox } from "../../domain/organizations/mail-outbox";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam, OutboxSchema } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "listOrganizationMailOutbox",
  path: "/{organization_id}/mail-outbox",
  tags: ["Organizations"],
  summary: "Mail the development mailer sent for this organization (admins; not in production)",
  description:
    "The development mailer logs each message and keeps the last ones (7 days) so the console can show them; an admin sees no mail meant for a higher role (owner invitations). Production has no such outbox: 404 `ROUTE_NOT_FOUND`.",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "The newest 20 messages",
      content: { "application/json": { schema: envelopeSchema(OutboxSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ROUTE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountMailOutbox(app: Router) {
  app.openapi(route, async (c) => {
    const input = { organizationId: c.req.valid("param").organization_id, method: c.req.method, path: c.req.path };
    return c.json(ok(await organizationMailOutbox(userContextOf(c), input)), 200);
  });
}
