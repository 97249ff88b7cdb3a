DROP INDEX `sessions_user_status_created_idx`;--> statement-breakpoint
DROP INDEX `sessions_user_type_created_idx`;--> statement-breakpoint
CREATE INDEX `sessions_user_type_status_created_idx` ON `sessions` (`user_id`,`session_type`,`status`,`created_at`,`id`);