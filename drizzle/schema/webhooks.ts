import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * Webhook endpoints. The signing secret must be readable to sign each
 * delivery, so it is stored sealed with AES-256-GCM under DATA_ENCRYPTION_KEY
 * (associated data: the webhook id), never in clear and never returned after creation.
 */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** JSON array of event types. */
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    description: text("description").notNull().default(""),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    lastTriggered: text("last_triggered"),
    /** Set for an organization's webhook: it receives the organization's events; `user_id` is its creator. */
    organizationId: text("organization_id"),
    /**
     * The secret the last rotation replaced, sealed like `secret_sealed`: deliveries carry its
     * signature too until `previous_secret_expires_at` (docs/webhooks.md, "Rotating the secret").
     */
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: text("previous_secret_expires_at"),
    /** The first failed attempt since the last successful one; NULL while deliveries succeed. */
    failingSince: text("failing_since"),
    /** When the service disabled the endpoint for failing continuously; NULL otherwise. */
    disabledAt: text("disabled_at"),
  },
  (t) => [index("webhooks_user_idx").on(t.userId, t.createdAt), index("webhooks_org_idx").on(t.organizationId)],
);

/**
 * One message = one event for one webhook. The id is deterministic per
 * (event, webhook) and is the `webhook-id` header: stable across retries and
 * replays, so receivers can dedupe (Standard Webhooks, "webhook-id").
 * The body is stored so every retry and replay sends identical bytes.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "retrying", "succeeded", "failed", "dead", "skipped"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_webhook_idx").on(t.webhookId, t.createdAt),
    index("webhook_deliveries_webhook_status_idx").on(t.webhookId, t.status, t.createdAt),
    // Undelivered work only: the admin queue_depth metric counts this index, not the table.
    index("webhook_deliveries_undelivered_idx").on(t.status).where(sql`${t.status} IN ('pending', 'retrying')`),
  ],
);

/** The delivery log: every HTTP attempt, successful or not. */
export const webhookDeliveryAttempts = sqliteTable(
  "webhook_delivery_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.attempt)],
);
