import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { forgotPassword, RESET_TOKEN_TTL_MS } from "../../domain/identity/password-reset";
import { deliverMail } from "../../domain/mail/outbox";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { trimmedText } from "../../http/schemas";
import { waitUntilOf } from "../../lib/request";
import { authThrottle, emailInBody } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";

const ForgotBody = z.object({ email: trimmedText(254) }).openapi("ForgotPasswordRequest");

const route = defineRoute({
  operationId: "forgotPassword",
  method: "post",
  path: "/password/forgot",
  tags: ["Authentication"],
  middleware: [authThrottle(emailInBody)],
  summary: "Mail a password reset link",
  description: `Always answers 202 with the same message, whether or not the address has an account (no account enumeration), after comparable work. An account receives a single-use link valid for ${RESET_TOKEN_TTL_MS / 60_000} minutes (at most one a minute); a new link ends the older ones. 503 MAIL_SERVICE_UNAVAILABLE when no mail service is configured.`,
  request: { body: { required: true, content: { "application/json": { schema: ForgotBody } } } },
  responses: {
    202: { description: "Accepted", content: { "application/json": { schema: MessageOnlySchema } } },
  },
  errors: ["MAIL_SERVICE_UNAVAILABLE"],
});

export function mountPasswordForgot(app: Router) {
  app.openapi(route, async (c) => {
    const mailId = await forgotPassword(contextOf(c), c.req.valid("json").email);
    if (mailId) waitUntilOf(c)(deliverMail(contextOf(c), { ids: [mailId] }));
    return c.json(
      { success: true as const, message: "If an account uses this address, a reset link is on its way." },
      202,
    );
  });
}
