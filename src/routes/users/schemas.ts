import { z } from "@hono/zod-openapi";
import { LANGUAGES, THEMES } from "../../domain/users/profile";

// No trimming: the pattern already refuses whitespace, as the document says.
export const UsernameSchema = z
  .string()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, "may contain only letters, digits, '_', '.' and '-'")
  .openapi({ example: "ada_l" });

export const PreferencesSchema = z
  .object({
    notifications: z.boolean(),
    theme: z.enum(THEMES),
    language: z.enum(LANGUAGES),
  })
  .openapi("Preferences");

const UsageStatsSchema = z
  .object({
    sessions_this_month: z.number().int(),
    total_sessions: z.number().int(),
    success_rate: z.number().min(0).max(1),
  })
  .openapi("UsageStats");

export const UserSummarySchema = z
  .object({
    id: z.string().openapi({ example: "user_1763776000000123456" }),
    email: z.string().optional(),
    username: z.string(),
    tier: z.enum(["basic", "professional", "enterprise"]),
    email_verified: z.boolean().openapi({
      description: "Whether the holder of the email proved it with the mailed token (POST /v1/auth/email/verify)",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("UserSummary");

export const UserSchema = UserSummarySchema.extend({
  credits: z.number().int(),
  last_login: z.string().nullable().openapi({ format: "date-time" }),
  preferences: PreferencesSchema,
  usage_stats: UsageStatsSchema,
}).openapi("User");
