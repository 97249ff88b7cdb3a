-- RFC 8707 resource indicators: the resource a grant is for (null: the REST API, /v1), kept from the
-- authorization request to the code, and from the code to its refresh-token family. The codes table is
-- rebuilt without its foreign key to oauth_clients: codes are also issued to self-registered clients
-- (oauth_registered_clients, 0051). Codes live five minutes; the rebuild keeps those in flight.
ALTER TABLE `refresh_tokens` ADD `resource` text;--> statement-breakpoint
CREATE TABLE `oauth_authorization_codes_new` (
	`id` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`client_id` text NOT NULL,
	`user_id` text NOT NULL,
	`redirect_uri` text NOT NULL,
	`scope` text NOT NULL,
	`code_challenge` text,
	`family_id` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`resource` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `oauth_authorization_codes_new` (`id`, `code_hash`, `client_id`, `user_id`, `redirect_uri`, `scope`, `code_challenge`, `family_id`, `created_at`, `expires_at`, `used_at`)
	SELECT `id`, `code_hash`, `client_id`, `user_id`, `redirect_uri`, `scope`, `code_challenge`, `family_id`, `created_at`, `expires_at`, `used_at` FROM `oauth_authorization_codes`;--> statement-breakpoint
DROP TABLE `oauth_authorization_codes`;--> statement-breakpoint
ALTER TABLE `oauth_authorization_codes_new` RENAME TO `oauth_authorization_codes`;--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_codes_hash_unique` ON `oauth_authorization_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `oauth_codes_client_idx` ON `oauth_authorization_codes` (`client_id`);
