import { login } from "../../domain/identity/accounts";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { countryOf } from "../../lib/request";
import { authThrottle, emailInBody } from "../../middleware/auth-throttle";
import { AuthResultSchema, authResult, LoginBody } from "./schemas";

const route = defineRoute({
  operationId: "login",
  method: "post",
  path: "/login",
  tags: ["Authentication"],
  middleware: [authThrottle(emailInBody)],
  summary: "Sign in with email and password",
  description: "A wrong password and an unknown email fail alike with `INVALID_CREDENTIALS`.",
  request: { body: { required: true, content: { "application/json": { schema: LoginBody } } } },
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: ["INVALID_CREDENTIALS", "SSO_REQUIRED"],
});

export function mountLogin(app: Router) {
  app.openapi(route, async (c) => {
    const { email, password } = c.req.valid("json");
    const result = await login(c.env, email, password, countryOf(c));
    return c.json(ok(authResult(result), "Login successful"), 200);
  });
}
