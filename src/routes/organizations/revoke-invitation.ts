import { userContextOf } from "../../context/request";
import { revokeInvitation } from "../../domain/organizations/invitations";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { InvitationParams } from "./schemas";

const route = defineRoute({
  method: "delete",
  operationId: "revokeOrganizationInvitation",
  path: "/{organization_id}/invitations/{invitation_id}",
  tags: ["Organizations"],
  summary: "Revoke a pending invitation (admins)",
  description: "Revoke a pending invitation (admins)",
  scope: "organizations:write",
  request: { params: InvitationParams },
  responses: { 200: { description: "Revoked", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "INVITATION_USED"],
});

export function mountRevokeInvitation(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, invitation_id } = c.req.valid("param");
    await revokeInvitation(userContextOf(c), { organizationId: organization_id, invitationId: invitation_id });
    return c.json({ success: true as const, message: "Invitation revoked" }, 200);
  });
}
