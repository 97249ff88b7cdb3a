import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { resetPassword } from "../../domain/identity/password-reset";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/identity/passwords";
import { deliverMail } from "../../domain/mail/outbox";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { trimmedText } from "../../http/schemas";
import { waitUntilOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";
import { LETTER_AND_DIGIT } from "./schemas";

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .max(PASSWORD_MAX_LENGTH)
  .regex(LETTER_AND_DIGIT, "must contain at least one letter and one digit")
  .openapi({
    description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with a letter and a digit, not containing the email's local part, not a commonly used password (NIST SP 800-63B §5.1.1.2).`,
  });

const ResetBody = z
  .object({ token: trimmedText(200), new_password: NewPasswordSchema })
  .openapi("ResetPasswordRequest");

const route = defineRoute({
  operationId: "resetPassword",
  method: "post",
  path: "/password/reset",
  tags: ["Authentication"],
  middleware: [authThrottle()],
  summary: "Set a new password with a reset link's token",
  description:
    "Uses the token once. Every sign-in, refresh token and OAuth grant of the account ends (their live WebSockets close) and a notice is mailed; API keys stay. An unknown, used or expired token is 400 ACCOUNT_LINK_INVALID and changes nothing.",
  request: { body: { required: true, content: { "application/json": { schema: ResetBody } } } },
  responses: {
    200: { description: "Password set", content: { "application/json": { schema: MessageOnlySchema } } },
  },
  errors: ["ACCOUNT_LINK_INVALID", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountPasswordReset(app: Router) {
  app.openapi(route, async (c) => {
    const { token, new_password } = c.req.valid("json");
    const { mailId } = await resetPassword(contextOf(c), { token, newPassword: new_password });
    waitUntilOf(c)(deliverMail(contextOf(c), { ids: [mailId] }));
    return c.json({ success: true as const, message: "Password changed: sign in with the new password." }, 200);
  });
}
