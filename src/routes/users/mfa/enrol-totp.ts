import { holderContextOf } from "../../../context/request";
import { enrolTotp } from "../../../domain/identity/mfa/factors";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { TotpEnrolmentSchema } from "./schemas";

const route = defineRoute({
  operationId: "enrolTotp",
  method: "post",
  path: "/me/mfa/totp",
  tags: ["Second factors"],
  summary: "Start setting up an authenticator app",
  description:
    "Returns a new secret as an `otpauth://` URI and a QR code (SVG), shown only now; the secret is stored sealed. It becomes a factor once confirmed with a first code (`POST /v1/users/me/mfa/totp/confirm`). Calling again before confirming replaces the pending secret.",
  scope: "profile",
  accountSecurity: true,
  responses: {
    201: {
      description: "Enrolment started",
      content: { "application/json": { schema: envelopeSchema(TotpEnrolmentSchema) } },
    },
  },
  errors: ["MFA_ALREADY_ENROLLED", "RESOURCE_NOT_FOUND"],
});

export function mountEnrolTotp(app: Router) {
  app.openapi(route, async (c) => {
    const e = await enrolTotp(holderContextOf(c));
    c.header("Cache-Control", "no-store");
    return c.json(ok({ secret: e.secret, otpauth_uri: e.uri, qr_svg: e.qrSvg }, "Scan the code, then confirm it"), 201);
  });
}
