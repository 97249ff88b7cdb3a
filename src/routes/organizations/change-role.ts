import { userContextOf } from "../../context/request";
import { changeRole } from "../../domain/organizations/members";
import { memberResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { ChangeRoleBody, MemberParams, MemberSchema } from "./schemas";

const route = defineRoute({
  method: "put",
  operationId: "changeOrganizationMemberRole",
  path: "/{organization_id}/members/{user_id}",
  tags: ["Organizations"],
  summary: "Change a member's role",
  description:
    "Admins change members and admins; only owners make someone an owner or change an owner's role. The last owner cannot be demoted (`LAST_OWNER`).",
  scope: "organizations:write",
  request: {
    params: MemberParams,
    body: { required: true, content: { "application/json": { schema: ChangeRoleBody } } },
  },
  responses: {
    200: { description: "The member", content: { "application/json": { schema: envelopeSchema(MemberSchema) } } },
  },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED", "LAST_OWNER"],
});

export function mountChangeRole(app: Router) {
  app.openapi(route, async (c) => {
    const { organization_id, user_id } = c.req.valid("param");
    const member = await changeRole(userContextOf(c), {
      organizationId: organization_id,
      userId: user_id,
      role: c.req.valid("json").role,
    });
    return c.json(ok(memberResource(member), "Role changed"), 200);
  });
}
