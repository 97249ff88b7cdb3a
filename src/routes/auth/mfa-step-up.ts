import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { stepUp } from "../../domain/identity/mfa/factors";
import { STEP_UP_WINDOW_MS } from "../../domain/identity/mfa/recent-check";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { EXACTLY_ONE_SECOND_FACTOR, ONE_PROOF, oneProof, SecondFactorFields } from "./schemas";

const StepUpBody = z
  .object(SecondFactorFields)
  .refine(oneProof, ONE_PROOF)
  .openapi("MfaStepUpRequest", EXACTLY_ONE_SECOND_FACTOR);

const StepUpSchema = z
  .object({
    verified_at: z.string().openapi({ format: "date-time" }),
    valid_until: z.string().openapi({
      format: "date-time",
      description: `Operations answering MFA_REQUIRED are allowed until then (${STEP_UP_WINDOW_MS / 60000} minutes).`,
    }),
  })
  .openapi("MfaStepUp");

const route = defineRoute({
  operationId: "stepUpMfa",
  method: "post",
  path: "/mfa/step-up",
  tags: ["Authentication"],
  middleware: [authThrottle()],
  summary: "Prove a second factor again for sensitive operations",
  description: `Records a second-factor check for the presented access token's sign-in session. For ${STEP_UP_WINDOW_MS / 60000} minutes after it, the account-security operations (\`x-account-security\`: factors, recovery codes, password, email, sign-ins, API keys, OAuth clients, deletion, an organization's SCIM and SSO connections) and changing the payment method or the plan are allowed; without it they answer 403 \`MFA_REQUIRED\`. Needs an access token (an API key has no sign-in session). A passkey answers the challenge of \`POST /v1/auth/mfa/step-up/options\`.`,
  scope: "authenticated",
  request: { body: { required: true, content: { "application/json": { schema: StepUpBody } } } },
  responses: {
    200: { description: "Checked", content: { "application/json": { schema: envelopeSchema(StepUpSchema) } } },
  },
  errors: ["MFA_CODE_INVALID", "PASSKEY_INVALID", "MFA_NOT_ENROLLED", "MFA_LOCKED", "MFA_STEP_UP_LOCKED"],
});

export function mountMfaStepUp(app: Router) {
  app.openapi(route, async (c) => {
    const body = c.req.valid("json");
    const result = await stepUp(contextOf(c), {
      principal: c.get("principal"),
      proof: { code: body.code, recoveryCode: body.recovery_code, webauthn: body.webauthn },
    });
    return c.json(
      ok(
        {
          verified_at: new Date(result.verifiedAt).toISOString(),
          valid_until: new Date(result.validUntil).toISOString(),
        },
        "Second factor verified",
      ),
      200,
    );
  });
}
