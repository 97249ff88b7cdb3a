import { contextOf } from "../../context/request";
import { completeChallenge } from "../../domain/identity/mfa/challenge";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { AuthResultSchema, authResult, MfaVerifyBody } from "./schemas";

const route = defineRoute({
  operationId: "verifyMfa",
  method: "post",
  path: "/mfa/verify",
  tags: ["Authentication"],
  // Wrong codes cost sign-in budget like wrong passwords (per client IP): six digits are guessable otherwise.
  middleware: [authThrottle()],
  summary: "Complete a sign-in with a second factor",
  description:
    "Answers the `MfaChallenge` of `POST /v1/auth/login` with an authenticator code (`code`), a passkey's assertion for the challenge's `webauthn` options (`webauthn`) or a recovery code (`recovery_code`). The challenge is single-use and expires after `expires_in` seconds or five wrong codes; an authenticator code is accepted once and a recovery code is spent. Returns the same tokens as a password sign-in.",
  request: { body: { required: true, content: { "application/json": { schema: MfaVerifyBody } } } },
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: ["MFA_CHALLENGE_INVALID", "MFA_CODE_INVALID", "PASSKEY_INVALID", "MFA_LOCKED"],
});

export function mountMfaVerify(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const result = await completeChallenge(contextOf(c), {
      challenge: body.challenge,
      proof: { code: body.code, recoveryCode: body.recovery_code, webauthn: body.webauthn },
    });
    return c.json(ok(authResult(result), "Login successful"), 200);
  });
}
