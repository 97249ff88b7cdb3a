CREATE TABLE `session_history` (
	`session_id` text NOT NULL,
	`stage` text NOT NULL,
	`position` integer NOT NULL,
	`timestamp` text NOT NULL,
	`confidence` real NOT NULL,
	`notes` text NOT NULL,
	PRIMARY KEY(`session_id`, `stage`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_history_order_idx` ON `session_history` (`session_id`,`position`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`cue` text NOT NULL,
	`session_type` text NOT NULL,
	`status` text NOT NULL,
	`stage` text,
	`requested_duration` integer NOT NULL,
	`confidence_threshold` real NOT NULL,
	`analysis_types` text NOT NULL,
	`priority` text NOT NULL,
	`case_id` text,
	`client_reference` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`credits_required` integer NOT NULL,
	`credits_used` integer NOT NULL,
	`credits_refunded` integer DEFAULT 0 NOT NULL,
	`confidence_score` real,
	`analysis_id` text NOT NULL,
	`results` text,
	`analysis` text,
	`end_reason` text,
	`created_at` text NOT NULL,
	`estimated_completion` text NOT NULL,
	`started_at` text,
	`completed_at` text,
	`cancelled_at` text,
	`duration` integer,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_created_idx` ON `sessions` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sessions_user_status_created_idx` ON `sessions` (`user_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sessions_user_type_created_idx` ON `sessions` (`user_id`,`session_type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sessions_user_completed_idx` ON `sessions` (`user_id`,`completed_at`,`id`);--> statement-breakpoint
CREATE INDEX `sessions_user_confidence_idx` ON `sessions` (`user_id`,`confidence_score`,`id`);