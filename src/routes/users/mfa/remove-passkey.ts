import { holderContextOf } from "../../../context/request";
import { removePasskey } from "../../../domain/identity/mfa/factors";
import { MessageOnlySchema } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { PasskeyIdParam } from "./schemas";

const route = defineRoute({
  operationId: "removePasskey",
  method: "delete",
  path: "/me/mfa/passkeys/{id}",
  tags: ["Second factors"],
  summary: "Remove a passkey",
  description:
    "Removing the last factor also drops the recovery codes. The holder is mailed and each of their organizations' audit logs records it. Another account's passkey is a 404.",
  scope: "profile",
  accountSecurity: true,
  request: { params: PasskeyIdParam },
  responses: { 200: { description: "Removed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["RESOURCE_NOT_FOUND", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRemovePasskey(app: Router) {
  app.openapi(route, async (c) => {
    await removePasskey(holderContextOf(c), { id: c.req.valid("param").id });
    return c.json({ success: true as const, message: "Passkey removed" }, 200);
  });
}
