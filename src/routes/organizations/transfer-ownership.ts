import { userContextOf } from "../../context/request";
import { transferOwnership } from "../../domain/organizations/members";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { OrganizationIdParam, TransferOwnershipBody } from "./schemas";

const route = defineRoute({
  method: "post",
  operationId: "transferOrganizationOwnership",
  path: "/{organization_id}/transfer-ownership",
  tags: ["Organizations"],
  summary: "Hand ownership to another member (owners); you become an admin",
  description: "Hand ownership to another member (owners); you become an admin",
  scope: "organizations:write",
  request: {
    params: OrganizationIdParam,
    body: { required: true, content: { "application/json": { schema: TransferOwnershipBody } } },
  },
  responses: { 200: { description: "Transferred", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "ORGANIZATION_ROLE_REQUIRED"],
});

export function mountTransferOwnership(app: Router) {
  app.openapi(route, async (c) => {
    await transferOwnership(userContextOf(c), {
      organizationId: c.req.valid("param").organization_id,
      userId: c.req.valid("json").user_id,
    });
    return c.json({ success: true as const, message: "Ownership transferred" }, 200);
  });
}
