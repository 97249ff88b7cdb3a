import { invite } from "../../domain/organizations/invitations";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { requestMeta } from "../../http/request-meta";
import { defineRoute } from "../../http/route";
import { CreatedInvitationSchema, InviteBody, invitationResource, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "post",
  path: "/{organization_id}/invitations",
  tags: ["Organizations"],
  summary: "Invite someone by email (admins; owners to invite an owner)",
  description:
    "Returns a single-use `soi_…` token, valid for 7 days, which the invited person accepts while signed in with that email (POST /v1/organizations/invitations/accept). The token is shown only here and mailed through the configured mailer. A new invitation to the same email replaces a pending one.",
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
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "ALREADY_A_MEMBER"],
});

export function mountInvite(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const { invitation, token, emailSent } = await invite(
      c.env,
      c.get("principal"),
      requestMeta(c),
      c.req.valid("param").organization_id,
      c.req.valid("json"),
    );
    return c.json(ok({ ...invitationResource(invitation), token, email_sent: emailSent }, "Invitation created"), 201);
  });
}
