import { userContextOf } from "../../context/request";
import { listInvitations } from "../../domain/organizations/invitations";
import { invitationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { InvitationListSchema, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "listOrganizationInvitations",
  path: "/{organization_id}/invitations",
  tags: ["Organizations"],
  summary: "Pending invitations (admins)",
  description: "Pending invitations (admins)",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: {
      description: "Pending invitations, newest first",
      content: { "application/json": { schema: envelopeSchema(InvitationListSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountListInvitations(app: Router) {
  app.openapi(route, async (c) => {
    const ctx = userContextOf(c);
    const rows = await listInvitations(ctx, { organizationId: c.req.valid("param").organization_id });
    const now = ctx.now();
    return c.json(ok({ invitations: rows.map((r) => invitationResource(r, now)) }), 200);
  });
}
