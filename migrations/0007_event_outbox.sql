CREATE TABLE `event_outbox` (
	`event_id` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `event_outbox_unsent_idx` ON `event_outbox` (`created_at`) WHERE "event_outbox"."sent_at" IS NULL;