ALTER TABLE `session_monthly` ADD `day_completed_confidence_sum` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_pending` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_processing` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_completed` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_failed` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_cancelled` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_remote_viewing` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_dowsing` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_precognition` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;--> statement-breakpoint
ALTER TABLE `session_monthly` ADD `day_intuitive_analysis` text DEFAULT '[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]' NOT NULL;