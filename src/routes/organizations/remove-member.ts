import { userContextOf } from "../../context/request";
import { removeMember } from "../../domain/organizations/members";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { MemberParams } from "./schemas";

const route = defineRoute({
  method: "delete",
  operationId: "removeOrganizationMember",
  path: "/{organization_id}/members/{user_id}",
  tags: ["Organizations"],
  summary: "Remove a member",
  description:
    "Admins remove members and admins; only owners remove an owner; the last owner cannot be removed. Takes effect at once: the member's next request with any token or key is refused, and their open WebSockets on the organization's sessions are closed (code 1008).",
  scope: "organizations:write",
  request: { params: MemberParams },
  responses: { 200: { description: "Removed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "LAST_OWNER"],
});

export function mountRemoveMember(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, user_id } = c.req.valid("param");
    await removeMember(userContextOf(c), { organizationId: organization_id, userId: user_id });
    return c.json({ success: true as const, message: "Member removed" }, 200);
  });
}
