CREATE TABLE `session_counts` (
	`user_id` text NOT NULL,
	`session_type` text NOT NULL,
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `session_type`, `status`)
);
--> statement-breakpoint
CREATE TABLE `session_daily` (
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`session_type` text NOT NULL,
	`status` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`confidence_sum` real DEFAULT 0 NOT NULL,
	`confidence_n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `session_type`, `status`)
);
