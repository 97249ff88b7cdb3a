import { listOutboxMessages } from "../../db/mail-outbox";
import { membershipIn } from "../../domain/organizations/access";
import { requireRole } from "../../domain/organizations/roles";
import { AppError } from "../../errors";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { OrganizationIdParam, OutboxSchema } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/{organization_id}/mail-outbox",
  tags: ["Organizations"],
  summary: "Mail the development mailer sent for this organization (admins; not in production)",
  description:
    "The development mailer logs each message and keeps the last ones (7 days) so the console can show them. Production has no such outbox: 404 `ROUTE_NOT_FOUND`.",
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

export function mountMailOutbox(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    if (c.env.ENVIRONMENT === "production") {
      throw new AppError("ROUTE_NOT_FOUND", { details: { method: c.req.method, path: c.req.path } });
    }
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    return c.json(ok({ messages: await listOutboxMessages(c.env.KV, id, 20) }), 200);
  });
}
