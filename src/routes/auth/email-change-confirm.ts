import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { confirmEmailChange } from "../../domain/identity/email-change";
import { deliverMail } from "../../domain/mail/outbox";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { waitUntilOf } from "../../lib/request";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";

const ConfirmBody = z
  .object({
    token: z.string().min(1).max(128).openapi({ description: "The token from the confirmation mail (`sace_…`)" }),
  })
  .openapi("EmailChangeConfirmRequest");

const route = defineRoute({
  operationId: "confirmEmailChange",
  method: "post",
  path: "/email/change/confirm",
  tags: ["Authentication"],
  // Unauthenticated (the link may be opened anywhere): the token's 256 bits are the credential, and
  // the sign-in throttle bounds guessing per client address.
  middleware: [authThrottle()],
  summary: "Confirm an email change with the link mailed to the new address",
  description:
    "Spends the single-use token: the account's email becomes the new, verified address. Every sign-in and OAuth grant of the account ends (sign in again with the new address), pending reset and verification links end, and the old address gets a notice. An unknown, used or expired token changes nothing (400 `ACCOUNT_LINK_INVALID`); an address taken meanwhile is 409.",
  request: { body: { required: true, content: { "application/json": { schema: ConfirmBody } } } },
  responses: { 200: { description: "Changed", content: { "application/json": { schema: MessageOnlySchema } } } },
  errors: ["ACCOUNT_LINK_INVALID", "EMAIL_ALREADY_REGISTERED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountConfirmEmailChange(app: Router) {
  app.openapi(route, async (c) => {
    const { mailIds } = await confirmEmailChange(contextOf(c), { token: c.req.valid("json").token });
    waitUntilOf(c)(deliverMail(contextOf(c), { ids: mailIds }));
    return c.json({ success: true as const, message: "Email changed: sign in with the new address." }, 200);
  });
}
