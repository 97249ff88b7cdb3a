import { z } from "@hono/zod-openapi";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/identity/passwords";
import { TIERS } from "../../domain/identity/principal";
import { UsernameSchema, UserSummarySchema } from "../users/schemas";

// Built without zod (./result.ts): the SAML ACS answers with it and is loaded at startup.
export { authResult } from "./result";

export const EmailSchema = z.email().max(254).openapi({ example: "ada@example.com" });

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
