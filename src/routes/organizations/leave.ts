import { userContextOf } from "../../context/request";
import { leaveOrganization } from "../../domain/organizations/members";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "leaveOrganization",
  path: "/{organization_id}/leave",
  tags: ["Organizations"],
  summary: "Leave the organization",
  description: "Any member may leave, except the last owner (`LAST_OWNER`: transfer ownership first).",
  scope: "organizations:write",
  request: { params: OrganizationIdParam },
  responses: { 200: { description: "Left", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "LAST_OWNER"],
});

export function mountLeaveOrganization(app: Router) {
  app.openapi(route, async (c) => {
    await leaveOrganization(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json({ success: true as const, message: "You left the organization" }, 200);
  });
}
