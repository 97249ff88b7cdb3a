import { contextOf } from "../../../context/request";
import { regenerateRecoveryCodes } from "../../../domain/identity/mfa/factors";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { requestMeta } from "../../../http/request-meta";
import { defineRoute } from "../../../http/route";
import { RecoveryCodesSchema } from "./schemas";

const route = defineRoute({
  operationId: "regenerateRecoveryCodes",
  method: "post",
  path: "/me/mfa/recovery-codes",
  tags: ["Second factors"],
  summary: "Replace the recovery codes",
  description:
    "Ten new single-use codes, shown only now; the previous set stops working. Needs a recent second-factor check (`POST /v1/auth/mfa/step-up`).",
  scope: "profile",
  responses: {
    200: { description: "New codes", content: { "application/json": { schema: envelopeSchema(RecoveryCodesSchema) } } },
  },
  errors: ["MFA_NOT_ENROLLED", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRegenerateRecoveryCodes(app: Router) {
  app.openapi(route, async (c) => {
    const codes = await regenerateRecoveryCodes(contextOf(c), { principal: c.get("principal"), meta: requestMeta(c) });
    c.header("Cache-Control", "no-store");
    return c.json(ok({ recovery_codes: codes }, "Recovery codes replaced"), 200);
  });
}
