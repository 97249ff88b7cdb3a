import { contextOf } from "../../../context/request";
import { removeTotp } from "../../../domain/identity/mfa/factors";
import { MessageOnlySchema } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { requestMeta } from "../../../http/request-meta";
import { defineRoute } from "../../../http/route";

const route = defineRoute({
  operationId: "removeTotp",
  method: "delete",
  path: "/me/mfa/totp",
  tags: ["Second factors"],
  summary: "Remove the authenticator app",
  description:
    "A confirmed app needs a recent second-factor check (`POST /v1/auth/mfa/step-up`); removing the last factor also drops the recovery codes. A pending enrolment is simply discarded.",
  scope: "profile",
  responses: { 200: { description: "Removed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["MFA_NOT_ENROLLED", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRemoveTotp(app: Router) {
  app.openapi(route, async (c) => {
    await removeTotp(contextOf(c), { principal: c.get("principal"), meta: requestMeta(c) });
    return c.json({ success: true as const, message: "Authenticator app removed" }, 200);
  });
}
