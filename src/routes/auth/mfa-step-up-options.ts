import { contextOf } from "../../context/request";
import { storedAssertionOptions } from "../../domain/identity/mfa/passkeys";
import { AppError } from "../../errors";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";
import { PasskeyRequestOptionsSchema } from "./schemas";

const route = defineRoute({
  operationId: "stepUpPasskeyOptions",
  method: "post",
  path: "/mfa/step-up/options",
  tags: ["Authentication"],
  summary: "Start a step-up with a passkey",
  description:
    "Options for navigator.credentials.get() listing the caller's passkeys (user verification required). Their challenge is bound to the presented access token's sign-in session and to step-up, single-use, and expires after `timeout` ms; send the result as `webauthn` to `POST /v1/auth/mfa/step-up`.",
  scope: "authenticated",
  responses: {
    200: {
      description: "Request options",
      content: { "application/json": { schema: envelopeSchema(PasskeyRequestOptionsSchema) } },
    },
  },
});

export function mountMfaStepUpOptions(app: Router) {
  app.openapi(route, async (c) => {
    const principal = c.get("principal");
    const sid = principal.credential.sid;
    if (!sid || principal.credential.kind === "api_key") throw new AppError("INSUFFICIENT_PERMISSIONS");
    const options = await storedAssertionOptions(contextOf(c), { ceremony: "step_up", userId: principal.userId, sid });
    c.header("Cache-Control", "no-store");
    return c.json(ok(options), 200);
  });
}
