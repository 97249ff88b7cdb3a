import { holderContextOf } from "../../../context/request";
import { removeTotp } from "../../../domain/identity/mfa/factors";
import { MessageOnlySchema } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";

const route = defineRoute({
  operationId: "removeTotp",
  method: "delete",
  path: "/me/mfa/totp",
  tags: ["Second factors"],
  summary: "Remove the authenticator app",
  description: "Removing the last factor also drops the recovery codes. A pending enrolment is simply discarded.",
  scope: "profile",
  accountSecurity: true,
  responses: { 200: { description: "Removed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["MFA_NOT_ENROLLED", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRemoveTotp(app: Router) {
  app.openapi(route, async (c) => {
    await removeTotp(holderContextOf(c));
    return c.json({ success: true as const, message: "Authenticator app removed" }, 200);
  });
}
