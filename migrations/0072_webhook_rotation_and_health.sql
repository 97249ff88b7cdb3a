-- Secret rotation with an overlap (docs/webhooks.md): the secret replaced by the last rotation stays
-- sealed beside the new one (same associated data, the webhook id) and signs deliveries too until
-- `previous_secret_expires_at`.
ALTER TABLE `webhooks` ADD `previous_secret_sealed` text;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `previous_secret_expires_at` text;--> statement-breakpoint
-- Automatic disabling: the first failed attempt since the last success (NULL while healthy), and when the
-- service disabled the endpoint for failing continuously (NULL unless it did; cleared when re-enabled).
ALTER TABLE `webhooks` ADD `failing_since` text;--> statement-breakpoint
ALTER TABLE `webhooks` ADD `disabled_at` text;--> statement-breakpoint
-- The delivery log's filters (status, event type, time) and recover's scan of failed deliveries.
CREATE INDEX `webhook_deliveries_webhook_status_idx` ON `webhook_deliveries` (`webhook_id`, `status`, `created_at`);
