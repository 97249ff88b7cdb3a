import { z } from "@hono/zod-openapi";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../domain/identity/passwords";
import { TIERS } from "../../domain/identity/principal";
import { EmailAddress } from "../../http/schemas";
import { UsernameSchema, UserSummarySchema } from "../users/schemas";

// Built without zod (./result.ts): the SAML ACS answers with it and is loaded at startup.
export { authResult } from "./result";

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "base64url");

/** navigator.credentials.get()'s result as JSON (WebAuthn L3 §5.1.8 AuthenticationResponseJSON). */
export const PasskeyAssertionSchema = z
  .object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: b64url(8192),
      authenticatorData: b64url(8192),
      signature: b64url(2048),
      userHandle: b64url(256).optional(),
    }),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .openapi("PasskeyAssertion");

/** navigator.credentials.create()'s result as JSON (WebAuthn L3 §5.1.8 RegistrationResponseJSON). */
export const PasskeyAttestationSchema = z
  .object({
    id: b64url(1400),
    rawId: b64url(1400),
    type: z.literal("public-key"),
    response: z.object({
      clientDataJSON: b64url(8192),
      attestationObject: b64url(65536),
      transports: z.array(z.string().max(32)).max(8).optional(),
      authenticatorData: b64url(65536).optional(),
      publicKey: b64url(8192).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  })
  .openapi("PasskeyAttestation");

/** PublicKeyCredentialRequestOptionsJSON (WebAuthn L3 §5.5): pass as `publicKey` to navigator.credentials.get(). */
export const PasskeyRequestOptionsSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z
      .array(z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() }))
      .optional(),
    userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
  })
  .openapi("PasskeyRequestOptions");

/** The password rule's letter-and-digit part as a pattern the document carries (src/domain/identity/passwords.ts). */
export const LETTER_AND_DIGIT = /[A-Za-z][\s\S]*[0-9]|[0-9][\s\S]*[A-Za-z]/;

export const RegisterBody = z
  .object({
    email: EmailAddress,
    username: UsernameSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      .max(PASSWORD_MAX_LENGTH)
      .regex(LETTER_AND_DIGIT, "must contain at least one letter and one digit")
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
      .array(z.enum(["totp", "passkey", "recovery_code"]))
      .openapi({ description: "The second factors this account can answer with." }),
    webauthn: PasskeyRequestOptionsSchema.optional().openapi({
      description:
        "For an account with passkeys: pass to navigator.credentials.get() (as `publicKey`) and send the result as `webauthn`. Its challenge is this sign-in's, single-use.",
    }),
  })
  .openapi("MfaChallenge");

/** A second-factor proof: exactly one of an authenticator code, a passkey's assertion or a recovery code. */
export const SecondFactorFields = {
  webauthn: PasskeyAssertionSchema.optional().openapi({
    description: "A passkey's assertion: navigator.credentials.get()'s PublicKeyCredential as JSON (toJSON()).",
  }),
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

/** Exactly one proof: a code, a recovery code or a passkey's assertion. */
export const oneProof = (b: { code?: unknown; recovery_code?: unknown; webauthn?: unknown }) =>
  [b.code, b.recovery_code, b.webauthn].filter((v) => v !== undefined).length === 1;
export const ONE_PROOF = { message: "Send exactly one of code, recovery_code or webauthn", path: ["code"] };

/** The refine above as the document says it: exactly one of the three (JSON Schema `oneOf` of `required`). */
export const EXACTLY_ONE_SECOND_FACTOR = {
  oneOf: [{ required: ["code"] }, { required: ["recovery_code"] }, { required: ["webauthn"] }],
};

export const MfaVerifyBody = z
  .object({ challenge: z.string().min(1).max(128), ...SecondFactorFields })
  .refine(oneProof, ONE_PROOF)
  .openapi("MfaVerifyRequest", EXACTLY_ONE_SECOND_FACTOR);
