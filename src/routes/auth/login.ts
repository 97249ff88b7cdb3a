import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { login } from "../../domain/identity/accounts";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { countryOf } from "../../lib/request";
import { authThrottle, emailInBody } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { mfaChallengeResult } from "./result";
import { AuthResultSchema, authResult, LoginBody, MfaChallengeSchema } from "./schemas";

const route = defineRoute({
  operationId: "login",
  method: "post",
  path: "/login",
  tags: ["Authentication"],
  middleware: [authThrottle(emailInBody)],
  summary: "Sign in with email and password",
  description:
    "A wrong password and an unknown email fail alike with `INVALID_CREDENTIALS`. For an account with a second factor the answer is an `MfaChallenge` (`mfa_required: true`) instead of tokens: complete the sign-in with `POST /v1/auth/mfa/verify`. An account whose organization enforces single sign-on is 403 `SSO_REQUIRED` (docs/sso.md).",
  request: { body: { required: true, content: { "application/json": { schema: LoginBody } } } },
  responses: {
    200: {
      description: "Signed in, or (accounts with a second factor) a challenge for the second step",
      content: { "application/json": { schema: envelopeSchema(z.union([AuthResultSchema, MfaChallengeSchema])) } },
    },
  },
  errors: ["INVALID_CREDENTIALS", "SSO_REQUIRED"],
});

export function mountLogin(app: Router) {
  app.openapi(route, async (c) => {
    const { email, password } = c.req.valid("json");
    const result = await login(contextOf(c), { email, password, country: countryOf(c) });
    if ("mfaRequired" in result) return c.json(ok(mfaChallengeResult(result), "Second factor required"), 200);
    return c.json(ok(authResult(result), "Login successful"), 200);
  });
}
