import { z } from "@hono/zod-openapi";
import { contextOf, holderContextOf } from "../../context/request";
import { EMAIL_CHANGE_TTL_MS, requestEmailChange } from "../../domain/identity/email-change";
import { PASSWORD_MAX_LENGTH } from "../../domain/identity/passwords";
import { deliverMail } from "../../domain/mail/outbox";
import { MessageOnlySchema } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { EmailAddress } from "../../http/schemas";
import { waitUntilOf } from "../../lib/request";
import { defineRoute } from "../route";

const EmailChangeBody = z
  .object({
    new_email: EmailAddress.openapi({ example: "ada@new.example" }),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).openapi({ description: "The current password" }),
  })
  .openapi("EmailChangeRequest");

const route = defineRoute({
  operationId: "requestEmailChange",
  method: "post",
  path: "/me/email",
  tags: ["Users"],
  summary: "Ask to change the caller's email (confirmed from the new address)",
  description: `Re-authenticates with \`password\`, then mails a single-use confirmation link (${EMAIL_CHANGE_TTL_MS / 60_000} minutes) to \`new_email\` and a notice to the current address. The email changes only when the link is used (\`POST /v1/auth/email/change/confirm\`); a newer request ends older links. An address another account holds is 409 \`EMAIL_ALREADY_REGISTERED\`, as at registration.`,
  scope: "authenticated",
  accountSecurity: true,
  request: { body: { required: true, content: { "application/json": { schema: EmailChangeBody } } } },
  responses: {
    202: { description: "Confirmation mailed", content: { "application/json": { schema: MessageOnlySchema } } },
  },
  errors: ["INVALID_CREDENTIALS", "EMAIL_ALREADY_REGISTERED", "SSO_REQUIRED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountRequestEmailChange(app: Router) {
  app.openapi(route, async (c) => {
    const { new_email, password } = c.req.valid("json");
    const { mailIds } = await requestEmailChange(holderContextOf(c), { newEmail: new_email, password });
    waitUntilOf(c)(deliverMail(contextOf(c), { ids: mailIds }));
    return c.json(
      { success: true as const, message: "Confirm the change with the link mailed to the new address." },
      202,
    );
  });
}
