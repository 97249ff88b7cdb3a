import { z } from "@hono/zod-openapi";
import { MAX_ROTATION_GRACE_SECONDS } from "../../domain/identity/api-keys/lifecycle";
import { ALL_SCOPES } from "../../domain/identity/scopes";
import { DateTimeInput, trimmedText } from "../../http/schemas";

export const ScopeSchema = z.enum(ALL_SCOPES as [string, ...string[]]).openapi({ example: "remote-viewing:read" });

export const KeyIdParam = z.object({
  key_id: z
    .string()
    .max(64)
    .openapi({ param: { name: "key_id", in: "path" }, example: "key_1763776000000123456" }),
});

export const CreateApiKeyBody = z
  .object({
    name: trimmedText(100).openapi({ example: "nightly export" }),
    scopes: z.array(ScopeSchema).min(1).max(ALL_SCOPES.length),
    expires_at: DateTimeInput.optional().openapi({
      description: "When the key stops working; future, at most two years away. Default: one year from now.",
      example: "2027-01-01T00:00:00Z",
    }),
  })
  .openapi("CreateApiKeyRequest");

export const RotateApiKeyBody = z
  .object({
    grace_period_seconds: z
      .number()
      .int()
      .min(0)
      .max(MAX_ROTATION_GRACE_SECONDS)
      .default(0)
      .openapi({
        description: `How long the old key keeps working (0–${MAX_ROTATION_GRACE_SECONDS} s, default 0: it stops at once).`,
      }),
  })
  .openapi("RotateApiKeyRequest");

export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({
      description: "The first characters of the key, to recognise it; never the key.",
      example: "sak_live_4fT9qLz",
    }),
    scopes: z.array(z.string()),
    created_at: z.string().openapi({ format: "date-time" }),
    expires_at: z.string().openapi({ format: "date-time" }),
    last_used_at: z.string().nullable().openapi({ format: "date-time", description: "Updated at most once a minute." }),
    revoked: z.boolean(),
    revoked_at: z.string().nullable().openapi({
      format: "date-time",
      description: "When the key stopped (or, during a rotation grace period, will stop) working.",
    }),
    expired: z.boolean(),
    replaced_by: z.string().nullable().openapi({ description: "The id of the key this one was rotated into." }),
    organization_id: z.string().nullable().openapi({
      description: "Set for an organization's key (created with X-Organization-Id): it acts for the organization.",
    }),
  })
  .openapi("ApiKey");

export const NewApiKeySchema = ApiKeySchema.extend({
  key: z
    .string()
    .openapi({ description: "The API key. Shown only in this response: store it now.", example: "sak_live_…" }),
}).openapi("NewApiKey");
