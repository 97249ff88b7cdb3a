-- Sign-on identities (issue 27): an external identity (connection, subject) is linked to one user
-- once; later sign-ins match on the pair, never on an asserted email alone.
CREATE TABLE `external_identities` (
	`connection_id` text NOT NULL,
	`subject` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`linked_via` text NOT NULL,
	`created_at` text NOT NULL,
	`last_sign_in_at` text,
	PRIMARY KEY(`connection_id`, `subject`),
	FOREIGN KEY (`connection_id`) REFERENCES `sso_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_identities_connection_user` ON `external_identities` (`connection_id`,`user_id`);
--> statement-breakpoint
CREATE INDEX `external_identities_user_idx` ON `external_identities` (`user_id`);
--> statement-breakpoint
-- A sign-in made through an organization's connection acts for that organization only: its refresh
-- family keeps the organization, so rotation issues tokens bound the same way.
ALTER TABLE `refresh_tokens` ADD `organization_id` text;
--> statement-breakpoint
-- Every credential of the account issued before this time is void (set when an unverified account
-- is taken over for the directory's user): the authorize page's browser session reads it.
ALTER TABLE `users` ADD `credentials_revoked_at` text;
--> statement-breakpoint
-- A domain is verified by one organization at a time: where several had verified the same domain,
-- the earliest keeps it and the others are back to unverified (they can verify again once it is free).
UPDATE `sso_domains` SET `verified_at` = NULL
WHERE `verified_at` IS NOT NULL AND EXISTS (
	SELECT 1 FROM `sso_domains` AS `o`
	WHERE `o`.`domain` = `sso_domains`.`domain` AND `o`.`verified_at` IS NOT NULL
	AND (`o`.`verified_at` < `sso_domains`.`verified_at` OR (`o`.`verified_at` = `sso_domains`.`verified_at` AND `o`.`id` < `sso_domains`.`id`))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_domains_verified_domain` ON `sso_domains` (`domain`) WHERE `verified_at` IS NOT NULL;
