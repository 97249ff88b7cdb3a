import { contextOf } from "../../context/request";
import { passkeySignInOptions } from "../../domain/identity/mfa/passkey-sign-in";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { PasskeyRequestOptionsSchema } from "./schemas";

const route = defineRoute({
  operationId: "passkeySignInOptions",
  method: "post",
  path: "/passkey/options",
  tags: ["Authentication"],
  // Each call stores a challenge: on the sign-in throttle like any other way in.
  middleware: [authThrottle()],
  summary: "Start a sign-in with a passkey",
  description:
    "Options for navigator.credentials.get() without a user: the authenticator offers its discoverable credentials (passkeys) for this relying party. The challenge is single-use and expires after `timeout` ms; send the result to `POST /v1/auth/passkey/login`.",
  responses: {
    200: {
      description: "Request options",
      content: { "application/json": { schema: envelopeSchema(PasskeyRequestOptionsSchema) } },
    },
  },
});

export function mountPasskeyOptions(app: Router) {
  app.openapi(route, async (c) => {
    const options = await passkeySignInOptions(contextOf(c));
    c.header("Cache-Control", "no-store");
    return c.json(ok(options), 200);
  });
}
