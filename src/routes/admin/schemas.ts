import { z } from "@hono/zod-openapi";
import { TIERS } from "../../domain/identity/principal";
import { PERIODS } from "../../domain/reporting/periods";

const Health = z.enum(["healthy", "degraded", "unhealthy"]);

export const SystemStatusSchema = z
  .object({
    status: Health,
    timestamp: z.string().openapi({ format: "date-time" }),
    services: z.record(z.string(), Health).openapi({
      example: { api: "healthy", database: "healthy", cache: "healthy", ai_models: "healthy", queue: "healthy" },
    }),
    checks: z.record(
      z.string(),
      z.object({
        status: Health,
        latency_ms: z.number().int(),
        violations: z
          .array(z.string())
          .optional()
          .openapi({ description: "billing_ledger: accounts whose balance ≠ the sum of their ledger, or negative" }),
      }),
    ),
    metrics: z.object({
      active_sessions: z.number().int().nullable(),
      queue_depth: z.number().int().nullable(),
      cpu_usage: z.null().openapi({ description: "Not exposed by the Workers platform: always null." }),
      memory_usage: z.null().openapi({ description: "Not exposed by the Workers platform: always null." }),
      gpu_usage: z.null().openapi({ description: "No GPU is used: always null." }),
    }),
    version: z.string(),
  })
  .openapi("SystemStatus");

export const UserAnalyticsQuery = z.object({
  period: z.enum(PERIODS).default("month"),
  tier: z.enum(TIERS).optional(),
});

export const UserAnalyticsSchema = z
  .object({
    period: z.enum(PERIODS),
    tier: z.enum(TIERS).optional(),
    total_users: z.number().int(),
    active_users: z.number().int().openapi({ description: "Signed in or started a session within the period." }),
    new_users: z.number().int(),
    retention_rate: z
      .number()
      .openapi({ description: "Of users registered before the period, the fraction active within it." }),
    tier_distribution: z.object({
      basic: z.number().int(),
      professional: z.number().int(),
      enterprise: z.number().int(),
    }),
    geographic_distribution: z.array(
      z.object({ country: z.string(), users: z.number().int(), percentage: z.number() }),
    ),
  })
  .openapi("UserAnalytics");
