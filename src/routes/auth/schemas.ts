import { z } from "@hono/zod-openapi";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/identity/passwords";
import { TIERS } from "../../domain/identity/principal";
import { UsernameSchema, UserSummarySchema } from "../users/schemas";

// Built without zod (./result.ts): the SAML ACS answers with it and is loaded at startup.
export { authResult } from "./result";

const EmailSchema = z.email().max(254).openapi({ example: "ada@example.com" });

export const RegisterBody = z
  .object({
    email: EmailSchema,
    username: UsernameSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      .max(PASSWORD_MAX_LENGTH)
      .openapi({
        description: `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with at least one letter and one digit, not containing the email's local part.`,
        example: "correct-horse-42",
      }),
    tier: z.enum(TIERS).default("basic"),
    marketing_consent: z.boolean().default(false),
  })
  .openapi("RegisterRequest");

export const LoginBody = z
  .object({ email: z.string().max(254), password: z.string().max(PASSWORD_MAX_LENGTH) })
  .openapi("LoginRequest");

export const RefreshBody = z.object({ refresh_token: z.string().min(1).max(512) }).openapi("RefreshRequest");

const tokenFields = {
  token: z.string().openapi({ description: "JWT access token (RFC 9068)" }),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().openapi({ example: 86400 }),
  refresh_token: z.string().openapi({ description: "Opaque, single-use; rotated on every refresh." }),
};

export const AuthResultSchema = z.object({ user: UserSummarySchema, ...tokenFields }).openapi("AuthResult");
export const RefreshResultSchema = z.object(tokenFields).openapi("RefreshResult");

export const MfaChallengeSchema = z
  .object({
    mfa_required: z.literal(true),
    challenge: z.string().openapi({
      description: "Single-use; send it to POST /v1/auth/mfa/verify with a second factor before it expires.",
    }),
    expires_in: z.number().int().openapi({ example: 300, description: "Seconds the challenge stays valid." }),
    factors: z
      .array(z.enum(["totp", "recovery_code"]))
      .openapi({ description: "The second factors this account can answer with." }),
  })
  .openapi("MfaChallenge");

/** A second-factor proof: exactly one of an authenticator code or a recovery code. */
export const SecondFactorFields = {
  code: z
    .string()
    .max(16)
    .optional()
    .openapi({ description: "The authenticator app's current 6-digit code (RFC 6238).", example: "123456" }),
  recovery_code: z
    .string()
    .max(64)
    .optional()
    .openapi({ description: "One of the account's unused recovery codes (spent by this use)." }),
};

export const MfaVerifyBody = z
  .object({ challenge: z.string().min(1).max(128), ...SecondFactorFields })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: "Send exactly one of code or recovery_code",
    path: ["code"],
  })
  .openapi("MfaVerifyRequest");
