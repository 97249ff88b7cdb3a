CREATE TABLE `processor_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `transactions` ADD `credits_reversed` integer DEFAULT 0 NOT NULL;