import { membersOf } from "../../domain/organizations/members";
import { envelopeSchema, ok } from "../../http/envelope";
import type { router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { MemberListSchema, memberResource, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  path: "/{organization_id}/members",
  tags: ["Organizations"],
  summary: "Members and their roles",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: { description: "The members", content: { "application/json": { schema: envelopeSchema(MemberListSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountListMembers(app: ReturnType<typeof router>) {
  app.openapi(route, async (c) => {
    const rows = await membersOf(c.env.DB, c.get("principal"), c.req.valid("param").organization_id);
    return c.json(ok({ members: rows.map(memberResource) }), 200);
  });
}
