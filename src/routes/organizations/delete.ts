import { userContextOf } from "../../context/request";
import { deleteOrganization } from "../../domain/organizations/manage";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "delete",
  operationId: "deleteOrganization",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "Delete the organization (owners; no pending or processing sessions)",
  description:
    "Members and pending invitations are removed, the organization's API keys revoked and its webhooks deleted at once. Its sessions, credit ledger and audit log are kept for accounting but can no longer be reached through the API; remaining credits are forfeited.",
  scope: "organizations:write",
  request: { params: OrganizationIdParam },
  responses: { 200: { description: "Deleted", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "ORGANIZATION_HAS_ACTIVE_SESSIONS"],
});

export function mountDeleteOrganization(app: Router) {
  app.openapi(route, async (c) => {
    await deleteOrganization(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json({ success: true as const, message: "Organization deleted" }, 200);
  });
}
