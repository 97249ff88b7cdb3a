DROP INDEX `sessions_active_idx`;--> statement-breakpoint
ALTER TABLE `billing_accounts` ADD `active_sessions` integer DEFAULT 0 NOT NULL;