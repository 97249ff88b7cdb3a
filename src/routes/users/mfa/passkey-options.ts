import { contextOf } from "../../../context/request";
import { requireSignedInPerson } from "../../../domain/identity/mfa/factors";
import { passkeyRegistrationOptions } from "../../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../../http/route";
import { PasskeyCreationOptionsSchema } from "./schemas";

const route = defineRoute({
  operationId: "passkeyRegistrationOptions",
  method: "post",
  path: "/me/mfa/passkeys/options",
  tags: ["Second factors"],
  summary: "Start registering a passkey",
  description:
    "Options for navigator.credentials.create() (WebAuthn Level 3 §5.4): a discoverable credential with user verification required, for the configured relying party id. Its challenge is single-use, bound to the caller and this ceremony, and expires after `timeout` ms. Finish with `POST /v1/users/me/mfa/passkeys`. Needs a first-party sign-in (not an API key or an OAuth client's token).",
  scope: "profile",
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
    const principal = c.get("principal");
    requireSignedInPerson(principal);
    const options = await passkeyRegistrationOptions(contextOf(c), { principal });
    c.header("Cache-Control", "no-store");
    return c.json(ok(options, "Create the credential, then send it"), 200);
  });
}
