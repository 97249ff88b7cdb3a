import { userContextOf } from "../../context/request";
import { deliverMail } from "../../domain/mail/outbox";
import { invite } from "../../domain/organizations/invitations";
import { invitationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { waitUntilOf } from "../../lib/request";
import { defineRoute } from "../route";
import { CreatedInvitationSchema, InviteBody, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "createOrganizationInvitation",
  path: "/{organization_id}/invitations",
  tags: ["Organizations"],
  summary: "Invite someone by email (admins; owners to invite an owner)",
  description:
    "Returns a single-use `soi_…` token, valid for 7 days, which the invited person accepts while signed in with that email (POST /v1/organizations/invitations/accept). The token is shown only here and mailed (committed with the invitation, sent right after and retried until delivered); without a configured mail service nothing is created and the answer is 503 MAIL_SERVICE_UNAVAILABLE. A new invitation to the same email replaces a pending one.",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: InviteBody } } },
  },
  responses: {
    201: {
      description: "Invited",
      content: { "application/json": { schema: envelopeSchema(CreatedInvitationSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "ALREADY_A_MEMBER", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountInvite(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    const { invitation, token, mailId } = await invite(ctx, {
      organizationId: c.req.valid("param").organization_id,
      ...c.req.valid("json"),
    });
    waitUntilOf(c)(deliverMail(ctx, { ids: [mailId] }));
    return c.json(
      ok({ ...invitationResource(invitation, ctx.now()), token, email_sent: true }, "Invitation created"),
      201,
    );
  });
}
