import { contextOf } from "../../context/request";
import { register } from "../../domain/identity/accounts";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { registrationThrottle } from "../../middleware/registration-throttle";
import { defineRoute } from "../route";
import { AuthResultSchema, authResult, RegisterBody } from "./schemas";

const route = defineRoute({
  operationId: "register",
  method: "post",
  path: "/register",
  tags: ["Authentication"],
  middleware: [authThrottle(), registrationThrottle],
  summary: "Create an account",
  description:
    "Creates a user, mails a verification token (POST /auth/email/verify) and signs them in. No credits come with registration: verifying the email grants the free credits, once per address. The account starts on the free plan (`user.tier` is `basic`); a paid `tier` chosen here starts its trial when the email is verified, once per address. Never makes an administrator. An address in a domain whose organization enforces sign-on is refused with 403 `SSO_REQUIRED` naming the way in. At most 10 accounts an hour per client address.",
  request: { body: { required: true, content: { "application/json": { schema: RegisterBody } } } },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: ["EMAIL_ALREADY_REGISTERED", "SSO_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRegister(app: Router) {
  app.openapi(route, async (c) => {
    const result = await register(contextOf(c), { ...c.req.valid("json"), country: countryOf(c) });
    return c.json(ok(authResult(result), "Registration successful"), 201);
  });
}
