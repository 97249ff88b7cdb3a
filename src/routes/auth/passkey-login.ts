import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { signInWithPasskey } from "../../domain/identity/mfa/passkey-sign-in";
import type { AuthenticationResponseJSON } from "../../domain/identity/mfa/passkeys";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { AuthResultSchema, authResult, PasskeyAssertionSchema } from "./schemas";

export const PasskeyLoginBody = z.object({ webauthn: PasskeyAssertionSchema }).openapi("PasskeyLoginRequest");

const route = defineRoute({
  operationId: "loginWithPasskey",
  method: "post",
  path: "/passkey/login",
  tags: ["Authentication"],
  middleware: [authThrottle()],
  summary: "Sign in with a passkey",
  description:
    "Verifies navigator.credentials.get()'s result (WebAuthn Level 3 §7.2) against the challenge of `POST /v1/auth/passkey/options`, the configured origin and relying party id, with user verification, and a signature counter that moved forward. A passkey with user verification is two factors in one: no second step follows, and the sign-in counts as a recent second-factor check. Returns the same tokens as a password sign-in. An account whose organization enforces single sign-on is 403 `SSO_REQUIRED`.",
  request: { body: { required: true, content: { "application/json": { schema: PasskeyLoginBody } } } },
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: ["PASSKEY_INVALID", "SSO_REQUIRED"],
});

export function mountPasskeyLogin(app: Router) {
  app.openapi(route, async (c) => {
    const result = await signInWithPasskey(contextOf(c), {
      response: c.req.valid("json").webauthn as AuthenticationResponseJSON,
      country: countryOf(c),
    });
    return c.json(ok(authResult(result), "Login successful"), 200);
  });
}
