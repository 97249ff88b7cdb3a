import { holderContextOf } from "../../../context/request";
import { regenerateRecoveryCodes } from "../../../domain/identity/mfa/factors";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { RecoveryCodesSchema } from "./schemas";

const route = defineRoute({
  operationId: "regenerateRecoveryCodes",
  method: "post",
  path: "/me/mfa/recovery-codes",
  tags: ["Second factors"],
  summary: "Replace the recovery codes",
  description: "Ten new single-use codes, shown only now; the previous set stops working.",
  scope: "profile",
  accountSecurity: true,
  responses: {
    200: { description: "New codes", content: { "application/json": { schema: envelopeSchema(RecoveryCodesSchema) } } },
  },
  errors: ["MFA_NOT_ENROLLED", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRegenerateRecoveryCodes(app: Router) {
  app.openapi(route, async (c) => {
    const codes = await regenerateRecoveryCodes(holderContextOf(c));
    c.header("Cache-Control", "no-store");
    return c.json(ok({ recovery_codes: codes }, "Recovery codes replaced"), 200);
  });
}
