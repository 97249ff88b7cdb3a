import { z } from "@hono/zod-openapi";
import { contextOf, holderContextOf } from "../../context/request";
import { changePassword } from "../../domain/identity/password-reset";
import { PASSWORD_MAX_LENGTH } from "../../domain/identity/passwords";
import { deliverMail } from "../../domain/mail/outbox";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { waitUntilOf } from "../../lib/request";
import { NewPasswordSchema } from "../auth/password-reset";
import { defineRoute } from "../route";

const ChangePasswordBody = z
  .object({ current_password: z.string().min(1).max(PASSWORD_MAX_LENGTH), new_password: NewPasswordSchema })
  .openapi("ChangePasswordRequest");

const route = defineRoute({
  operationId: "changePassword",
  method: "put",
  path: "/me/password",
  tags: ["Users"],
  summary: "Change the caller's password (with the current one)",
  description:
    "Re-authenticates with `current_password`. Every sign-in, refresh token and OAuth grant of the account ends, this one included (their live WebSockets close), and a notice is mailed; API keys stay.",
  scope: "authenticated",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: ChangePasswordBody } } } },
  responses: {
    200: { description: "Password changed", content: { "application/json": { schema: MessageOnlySchema } } },
  },
  errors: ["INVALID_CREDENTIALS", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountPutPassword(app: Router) {
  app.openapi(route, async (c) => {
    const { current_password, new_password } = c.req.valid("json");
    const { mailId } = await changePassword(holderContextOf(c), {
      currentPassword: current_password,
      newPassword: new_password,
    });
    waitUntilOf(c)(deliverMail(contextOf(c), { ids: [mailId] }));
    return c.json({ success: true as const, message: "Password changed: sign in again with the new password." }, 200);
  });
}
