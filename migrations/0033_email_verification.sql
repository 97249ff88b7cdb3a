-- Email verification (issue 27): when the holder of a user's email proved it, and the pending
-- single-use verification tokens (stored as SHA-256, never the token itself).
ALTER TABLE `users` ADD `email_verified_at` text;
--> statement-breakpoint
CREATE TABLE `email_verifications` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verifications_user_idx` ON `email_verifications` (`user_id`);
