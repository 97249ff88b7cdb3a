import { userContextOf } from "../../context/request";
import { membersOf } from "../../domain/organizations/members";
import { memberResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { MemberListSchema, OrganizationIdParam } from "./schemas";

const route = defineRoute({
  method: "get",
  operationId: "listOrganizationMembers",
  path: "/{organization_id}/members",
  tags: ["Organizations"],
  summary: "Members and their roles",
  description: "Members and their roles",
  scope: "organizations:read",
  request: { params: OrganizationIdParam },
  responses: {
    200: { description: "The members", content: { "application/json": { schema: envelopeSchema(MemberListSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountListMembers(app: Router) {
  app.openapi(route, async (c) => {
    const rows = await membersOf(userContextOf(c), { organizationId: c.req.valid("param").organization_id });
    return c.json(ok({ members: rows.map(memberResource) }), 200);
  });
}
