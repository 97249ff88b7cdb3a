import { userContextOf } from "../../context/request";
import { readAudit } from "../../domain/organizations/audit";
import { auditResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { AuditPageSchema, AuditQuery, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "listOrganizationAuditLog",
  path: "/{organization_id}/audit-log",
  tags: ["Organizations"],
  summary: "The organization's audit log, newest first (admins)",
  description:
    "Every change in the organization (the organization itself, members, roles, ownership, invitations, API keys, webhooks, sessions, purchases, plan and payment changes, SSO settings), each with its actor and credential, target, `before`/`after` of the changed fields where meaningful, the request's `request_id` and client IP (`CF-Connecting-IP`), and time. Filter by `action`, `actor_id`, `target_id` and the inclusive `since`/`until`; page with `limit`/`offset`. Append-only: an entry commits in the same transaction as its change; PUT, PATCH, POST and DELETE here answer 405, and the database refuses edits.",
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

export function mountAuditLog(app: Router) {
  app.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { rows, total } = await readAudit(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      filter: { action: q.action, actorId: q.actor_id, targetId: q.target_id, since: q.since, until: q.until },
      limit: q.limit,
      offset: q.offset,
    });
    return c.json(
      ok({
        entries: rows.map(auditResource),
        pagination: { total, limit: q.limit, offset: q.offset, has_more: q.offset + rows.length < total },
      }),
      200,
    );
  });
}
