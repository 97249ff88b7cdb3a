import { listInvitations } from "../../domain/organizations/invitations";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { InvitationListSchema, invitationResource, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/{organization_id}/invitations",
  tags: ["Organizations"],
  summary: "Pending invitations (admins)",
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

export function mountListInvitations(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const rows = await listInvitations(c.env.DB, c.get("principal"), c.req.valid("param").organization_id);
    return c.json(ok({ invitations: rows.map((r) => invitationResource(r)) }), 200);
  });
}
