-- Sign-in sessions (issue 29): each refresh token records the client it was issued to (a short user-agent
-- summary, never the full header) and the country Cloudflare reported, so GET /v1/users/me/sessions can
-- show where a sign-in was created and last used. A user's deletion marks the row and erases both.
ALTER TABLE `refresh_tokens` ADD `client` text;
--> statement-breakpoint
ALTER TABLE `refresh_tokens` ADD `country` text;
--> statement-breakpoint
CREATE INDEX `refresh_tokens_user_idx` ON `refresh_tokens` (`user_id`, `family_id`);
--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` text;
