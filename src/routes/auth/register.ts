import { register } from "../../domain/identity/accounts";
import { userSummary } from "../../domain/users/resources";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../../http/route";
import { countryOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { AuthResultSchema, RegisterBody } from "./schemas";

const route = defineRoute({
  operationId: "register",
  method: "post",
  path: "/register",
  tags: ["Authentication"],
  middleware: [authThrottle()],
  summary: "Create an account",
  description:
    "Creates a user with the tier's starting credits and signs them in. Admins are the emails listed in `ADMIN_EMAILS`.",
  request: { body: { required: true, content: { "application/json": { schema: RegisterBody } } } },
  responses: {
    201: { description: "Registered", content: { "application/json": { schema: envelopeSchema(AuthResultSchema) } } },
  },
  errors: ["EMAIL_ALREADY_REGISTERED"],
});

export function mountRegister(app: Router) {
  app.openapi(route, async (c) => {
    const result = await register(c.env, c.req.valid("json"), countryOf(c));
    return c.json(
      ok(
        {
          user: userSummary(result.user),
          token: result.token,
          token_type: "Bearer" as const,
          expires_in: result.expiresIn,
          refresh_token: result.refreshToken,
        },
        "Registration successful",
      ),
      201,
    );
  });
}
