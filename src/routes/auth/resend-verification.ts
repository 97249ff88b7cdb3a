import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { resendEmailVerification } from "../../domain/identity/email-verification";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { defineRoute } from "../route";

const ResendResult = z
  .object({
    email_sent: z.boolean().openapi({ description: "False where no mail provider is configured" }),
    expires_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("EmailVerificationSent");

const route = defineRoute({
  operationId: "resendEmailVerification",
  method: "post",
  path: "/email/verify/resend",
  tags: ["Authentication"],
  summary: "Mail a new email verification token",
  description:
    "Mails a new verification token to the signed-in account's email; earlier tokens stop working. At most one mail a minute per account (429 `RATE_LIMIT_EXCEEDED` with `Retry-After`); 409 `EMAIL_ALREADY_VERIFIED` once verified.",
  scope: "authenticated",
  responses: {
    200: { description: "Sent", content: { "application/json": { schema: envelopeSchema(ResendResult) } } },
  },
  errors: ["EMAIL_ALREADY_VERIFIED", "MAIL_SERVICE_UNAVAILABLE"],
});

export function mountResendVerification(app: Router) {
  app.openapi(route, async (c) => {
    const { delivered, expiresAt } = await resendEmailVerification(contextOf(c), c.get("principal").userId);
    return c.json(ok({ email_sent: delivered, expires_at: expiresAt }, "Verification email sent"), 200);
  });
}
