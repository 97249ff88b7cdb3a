import { z } from "@hono/zod-openapi";

export const MfaStatusSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "Whether sign-in asks for a second factor." }),
    totp: z.boolean().openapi({ description: "An authenticator app is set up (confirmed)." }),
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
