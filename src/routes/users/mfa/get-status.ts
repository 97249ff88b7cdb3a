import { userContextOf } from "../../../context/request";
import { mfaStatus } from "../../../domain/identity/mfa/factors";
import { envelopeSchema, ok } from "../../../http/envelope";
import type { Router } from "../../../http/openapi";
import { defineRoute } from "../../route";
import { MfaStatusSchema } from "./schemas";

const route = defineRoute({
  operationId: "getMfaStatus",
  method: "get",
  path: "/me/mfa",
  tags: ["Second factors"],
  summary: "The caller's second factors",
  description:
    "Which second factors are set up and how many recovery codes are unused. No secret is ever returned here.",
  scope: "profile",
  responses: {
    200: {
      description: "Second factors",
      content: { "application/json": { schema: envelopeSchema(MfaStatusSchema) } },
    },
  },
});

export function mountGetMfaStatus(app: Router) {
  app.openapi(route, async (c) => {
    const s = await mfaStatus(userContextOf(c), c.get("principal").userId);
    return c.json(
      ok({
        enabled: s.enabled,
        totp: s.totp,
        passkeys: s.passkeys,
        recovery_codes_remaining: s.recoveryCodesRemaining,
      }),
      200,
    );
  });
}
