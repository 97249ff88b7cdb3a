-- Single-use links mailed to a person (src/domain/identity/password-reset.ts): a password reset, stored
-- as the SHA-256 of a 256-bit token, short-lived, used once.
CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`new_email` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_token_hash_unique` ON `account_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`, `purpose`, `created_at`);
