import { listOutboxMessages } from "../../db/mail-outbox";
import { membershipIn } from "../../domain/organizations/access";
import { atLeast, requireRole } from "../../domain/organizations/roles";
import { AppError } from "../../errors";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
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
    if (c.env.ENVIRONMENT === "production") {
      throw new AppError("ROUTE_NOT_FOUND", { details: { method: c.req.method, path: c.req.path } });
    }
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    // An admin never reads mail meant for a higher role (an owner invitation's token would make them owner).
    const canRead = (readableBy: string | undefined) => atLeast(role, readableBy === "owner" ? "owner" : "admin");
    return c.json(ok({ messages: await listOutboxMessages(c.env.KV, id, 20, canRead) }), 200);
  });
}
