import { userContextOf } from "../../context/request";
import { setRequireMfa } from "../../domain/organizations/manage";
import { organizationResource } from "../../domain/organizations/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam, OrganizationSchema, UpdateOrganizationSettingsBody } from "./schemas";

const route = defineRoute({
  method: "patch",
  operationId: "updateOrganizationSettings",
  path: "/{organization_id}",
  tags: ["Organizations"],
  summary: "Require MFA of members (owners)",
  description:
    "Owners only, as a person (not an organization API key), with a second-factor check in the last 10 minutes (403 `MFA_REQUIRED`). `require_mfa: true` needs your own second factor first (409 `MFA_NOT_ENROLLED`). While on, a member without a factor gets 403 `ORGANIZATION_MFA_REQUIRED` on everything of the organization's (acting as it, its routes, its sessions) until they add one; their own resources stay theirs, and leaving stays possible. Organization API keys are exempt (keys are not people), as are sign-ons through the organization's SSO connection (the identity provider does its own MFA). Audited as `organization.mfa_requirement_changed`.",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: UpdateOrganizationSettingsBody } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: envelopeSchema(OrganizationSchema) } } },
  },
  errors: ["ORGANIZATION_ROLE_REQUIRED", "MFA_NOT_ENROLLED", "MFA_REQUIRED"],
});

export function mountUpdateOrganizationSettings(app: Router) {
  app.openapi(route, async (c) => {
    const { organization, role } = await setRequireMfa(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      requireMfa: c.req.valid("json").require_mfa,
    });
    return c.json(ok(organizationResource(organization, role), "Organization updated"), 200);
  });
}
