import { z } from "@hono/zod-openapi";
import { contextOf } from "../../context/request";
import { verifyEmail } from "../../domain/identity/email-verification";
import { envelopeSchema, ok } from "../../http/envelope";
import type { Router } from "../../http/openapi";
import { authThrottle } from "../../middleware/auth-throttle";
import { defineRoute } from "../route";

const VerifyEmailBody = z
  .object({
    token: z.string().min(1).max(128).openapi({ description: "The token from the verification email (`sev_…`)" }),
  })
  .openapi("VerifyEmailRequest");

const VerifyEmailResult = z
  .object({
    user_id: z.string(),
    email_verified: z.literal(true),
    email_verified_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("VerifyEmailResult");

const route = defineRoute({
  operationId: "verifyEmail",
  method: "post",
  path: "/email/verify",
  tags: ["Authentication"],
  // Unauthenticated (the link may be opened anywhere); the token's 256 bits are the credential, and
  // the sign-in throttle bounds guessing per client address.
  middleware: [authThrottle()],
  summary: "Verify an email address with the mailed token",
  description:
    "Spends the single-use token mailed at registration (or by /auth/email/verify/resend) and marks the account's email verified. Tokens are valid for 24 hours; only the newest one of an account works. An unknown, used, superseded or expired token changes nothing (400 `EMAIL_VERIFICATION_INVALID`).",
  request: { body: { required: true, content: { "application/json": { schema: VerifyEmailBody } } } },
  responses: {
    200: { description: "Verified", content: { "application/json": { schema: envelopeSchema(VerifyEmailResult) } } },
  },
  errors: ["EMAIL_VERIFICATION_INVALID"],
});

export function mountVerifyEmail(app: Router) {
  app.openapi(route, async (c) => {
    const user = await verifyEmail(contextOf(c), c.req.valid("json").token);
    return c.json(
      ok(
        { user_id: user.id, email_verified: true as const, email_verified_at: user.emailVerifiedAt ?? "" },
        "Email verified",
      ),
      200,
    );
  });
}
