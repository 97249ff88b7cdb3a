import { z } from "@hono/zod-openapi";
import { holderContextOf } from "../../../context/request";
import { registerPasskey } from "../../../domain/identity/mfa/factors";
import { passkeyView, type RegistrationResponseJSON } from "../../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { PasskeyAttestationSchema } from "../../auth/schemas";
import { defineRoute } from "../../route";
import { passkeyBody } from "./passkey-body";
import { PasskeyNameSchema, PasskeyRegistrationSchema } from "./schemas";

const RegisterPasskeyBody = z
  .object({ name: PasskeyNameSchema, response: PasskeyAttestationSchema })
  .openapi("PasskeyRegistrationRequest");

const route = defineRoute({
  operationId: "registerPasskey",
  method: "post",
  path: "/me/mfa/passkeys",
  tags: ["Second factors"],
  summary: "Finish registering a passkey",
  description:
    "Verifies navigator.credentials.create()'s result (WebAuthn Level 3 §7.1) against the challenge of `POST /v1/users/me/mfa/passkeys/options`, the configured origin and relying party id, with user verification, and stores the credential (public key, counter, backup flags). The passkey is then a second factor and a way to sign in without a password. The account's first factor comes with 10 recovery codes, returned only now. The holder is mailed and each of their organizations' audit logs records it.",
  scope: "profile",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: RegisterPasskeyBody } } } },
  responses: {
    201: {
      description: "Registered",
      content: { "application/json": { schema: envelopeSchema(PasskeyRegistrationSchema) } },
    },
  },
  errors: ["PASSKEY_INVALID", "PASSKEY_ALREADY_REGISTERED", "MFA_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRegisterPasskey(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const { passkey, recoveryCodes } = await registerPasskey(holderContextOf(c), {
      name: body.name,
      response: body.response as RegistrationResponseJSON,
    });
    c.header("Cache-Control", "no-store");
    return c.json(
      ok({ passkey: passkeyBody(passkeyView(passkey)), recovery_codes: recoveryCodes }, "Passkey registered"),
      201,
    );
  });
}
