CREATE TABLE `session_monthly` (
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`completed_confidence_sum` real DEFAULT 0 NOT NULL,
	`pending` integer DEFAULT 0 NOT NULL,
	`processing` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`remote_viewing` integer DEFAULT 0 NOT NULL,
	`dowsing` integer DEFAULT 0 NOT NULL,
	`precognition` integer DEFAULT 0 NOT NULL,
	`intuitive_analysis` integer DEFAULT 0 NOT NULL,
	`day_n` text NOT NULL,
	`day_credits` text NOT NULL,
	PRIMARY KEY(`user_id`, `month`)
);
