import { z } from "@hono/zod-openapi";
import { trimmedText } from "../../../http/schemas";

export const MfaStatusSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "Whether sign-in asks for a second factor." }),
    totp: z.boolean().openapi({ description: "An authenticator app is set up (confirmed)." }),
    passkeys: z.number().int().openapi({ description: "How many passkeys are registered.", example: 1 }),
    recovery_codes_remaining: z.number().int().openapi({ example: 10 }),
  })
  .openapi("MfaStatus");

export const TotpEnrolmentSchema = z
  .object({
    secret: z
      .string()
      .openapi({ description: "Base32 secret, shown only now.", example: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" }),
    otpauth_uri: z.string().openapi({ example: "otpauth://totp/Session%20Analysis:ada%40example.com?..." }),
    qr_svg: z.string().openapi({ description: "The otpauth URI as a QR code (an SVG document drawn by the service)." }),
  })
  .openapi("TotpEnrolment");

export const TotpConfirmBody = z
  .object({ code: z.string().max(16).openapi({ example: "123456" }) })
  .openapi("TotpConfirmRequest");

export const RecoveryCodesSchema = z
  .object({
    recovery_codes: z.array(z.string()).openapi({
      description: "Single-use codes, shown only now (empty when the account already had a set).",
    }),
  })
  .openapi("RecoveryCodes");

export const PasskeyNameSchema = trimmedText(64).openapi({
  description: "A name the person recognizes the passkey by.",
  example: "MacBook Touch ID",
});

export const PasskeySchema = z
  .object({
    id: z.string().openapi({ example: "passkey_1763776000000123456" }),
    name: z.string(),
    device_type: z.enum(["singleDevice", "multiDevice"]).openapi({
      description: "multiDevice: backup eligible, a synced passkey (WebAuthn L3 §6.1.3 BE flag).",
    }),
    backed_up: z.boolean().openapi({ description: "The BS flag at the last use: the passkey is backed up." }),
    transports: z.array(z.string()),
    created_at: z.string().openapi({ format: "date-time" }),
    last_used_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Passkey");

export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) }).openapi("PasskeyList");

export const PasskeyRegistrationSchema = z
  .object({
    passkey: PasskeySchema,
    recovery_codes: z.array(z.string()).openapi({
      description: "Single-use codes, shown only now (empty when the account already had a set).",
    }),
  })
  .openapi("PasskeyRegistration");

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn L3 §5.4): pass as `publicKey` to navigator.credentials.create(). */
export const PasskeyCreationOptionsSchema = z
  .object({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number().int() })),
    timeout: z.number().int().optional(),
    excludeCredentials: z
      .array(z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() }))
      .optional(),
    authenticatorSelection: z
      .object({
        residentKey: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        userVerification: z.string().optional(),
        authenticatorAttachment: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("PasskeyCreationOptions");

export const PasskeyIdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "passkey_1763776000000123456" }),
});
