import { holderContextOf } from "../../../context/request";
import { passkeyRegistrationOptions } from "../../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { PasskeyCreationOptionsSchema } from "./schemas";

const route = defineRoute({
  operationId: "passkeyRegistrationOptions",
  method: "post",
  path: "/me/mfa/passkeys/options",
  tags: ["Second factors"],
  summary: "Start registering a passkey",
  description:
    "Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with user verification required, for the configured relying party id. Its challenge is single-use, bound to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST /v1/users/me/mfa/passkeys`.",
  scope: "profile",
  accountSecurity: true,
  responses: {
    200: {
      description: "Creation options",
      content: { "application/json": { schema: envelopeSchema(PasskeyCreationOptionsSchema) } },
    },
  },
  errors: ["RESOURCE_NOT_FOUND"],
});

export function mountPasskeyOptions(app: Router) {
  app.openapi(route, async (c) => {
    const options = await passkeyRegistrationOptions(holderContextOf(c));
    c.header("Cache-Control", "no-store");
    return c.json(ok(options, "Create the credential, then send it"), 200);
  });
}
