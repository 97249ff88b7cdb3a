import { holderContextOf } from "../../../context/request";
import { confirmTotp } from "../../../domain/identity/mfa/factors";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { RecoveryCodesSchema, TotpConfirmBody } from "./schemas";

const route = defineRoute({
  operationId: "confirmTotp",
  method: "post",
  path: "/me/mfa/totp/confirm",
  tags: ["Second factors"],
  summary: "Confirm the authenticator app with its first code",
  description:
    "The app becomes a second factor: sign-in then asks for it. The account's first factor comes with 10 recovery codes, returned only now. The holder is mailed and each of their organizations' audit logs records it.",
  scope: "profile",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: TotpConfirmBody } } } },
  responses: {
    200: { description: "Confirmed", content: { "application/json": { schema: envelopeSchema(RecoveryCodesSchema) } } },
  },
  errors: ["MFA_CODE_INVALID", "MFA_NOT_ENROLLED", "MFA_ALREADY_ENROLLED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountConfirmTotp(app: Router) {
  app.openapi(route, async (c) => {
    const { recoveryCodes } = await confirmTotp(holderContextOf(c), { code: c.req.valid("json").code });
    c.header("Cache-Control", "no-store");
    return c.json(ok({ recovery_codes: recoveryCodes }, "Authenticator app confirmed"), 200);
  });
}
