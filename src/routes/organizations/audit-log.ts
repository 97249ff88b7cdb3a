import { membershipIn } from "../../domain/organizations/access";
import { readAudit } from "../../domain/organizations/audit";
import { requireRole } from "../../domain/organizations/roles";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { AuditPageSchema, AuditQuery, auditResource, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/{organization_id}/audit-log",
  tags: ["Organizations"],
  summary: "The organization's audit log, newest first (admins)",
  description:
    "Every change in the organization: members, roles, invitations, API keys, webhooks, sessions, plan and payment changes. Append-only: no route edits or deletes it.",
  scope: "organizations:read",
  request: { params: OrganizationIdParam, query: AuditQuery },
  responses: {
    200: {
      description: "A page of entries",
      content: { "application/json": { schema: envelopeSchema(AuditPageSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountAuditLog(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const id = c.req.valid("param").organization_id;
    const { role } = await membershipIn(c.env.DB, c.get("principal"), id);
    requireRole(role, "admin");
    const q = c.req.valid("query");
    const { rows, total } = await readAudit(
      c.env.DB,
      id,
      { action: q.action, actorId: q.actor_id, targetId: q.target_id, since: q.since, until: q.until },
      q.limit,
      q.offset,
    );
    return c.json(
      ok({
        entries: rows.map(auditResource),
        pagination: { total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total },
      }),
      200,
    );
  });
}
