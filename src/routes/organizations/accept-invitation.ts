import { userContextOf } from "../../context/request";
import { acceptInvitation } from "../../domain/organizations/invitations";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { AcceptedInvitationSchema, AcceptInvitationBody } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "acceptOrganizationInvitation",
  path: "/invitations/accept",
  tags: ["Organizations"],
  summary: "Accept an invitation (signed in with the invited email)",
  description: "Accept an invitation (signed in with the invited email)",
  scope: "organizations:write",
  request: { body: { required: true, content: { "application/json": { schema: AcceptInvitationBody } } } },
  responses: {
    200: {
      description: "You joined the organization",
      content: { "application/json": { schema: envelopeSchema(AcceptedInvitationSchema) } },
    },
  },
  errors: [
    "RESOURCE_NOT_FOUND",
    "INVITATION_EMAIL_MISMATCH",
    "INVITER_ROLE_LOST",
    "EMAIL_NOT_VERIFIED",
    "INVITATION_USED",
    "INVITATION_EXPIRED",
    "ALREADY_A_MEMBER",
    "ORGANIZATION_ROLE_REQUIRED",
  ],
});

export function mountAcceptInvitation(app: Router) {
  app.openapi(route, async (c) => {
    const joined = await acceptInvitation(userContextOf(c), { token: c.req.valid("json").token });
    return c.json(ok({ organization_id: joined.organizationId, role: joined.role }, "Invitation accepted"), 200);
  });
}
