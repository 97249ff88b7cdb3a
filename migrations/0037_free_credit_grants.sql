-- Free credits once per verified email (issue 27 item 4, docs/decisions.md "Free credits").
-- One row per normalised email address that has claimed the free credits, keyed by its SHA-256
-- (pseudonymous: no address is stored). No foreign key: the row outlives the account, so deleting
-- an account and registering the same address again claims nothing. `user_id` is unique: an
-- account claims at most once, whatever emails it verifies later. `organization_id` records the
-- one organization whose included credits the claim paid for (the owner's first).
CREATE TABLE `free_credit_grants` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`granted_at` text NOT NULL,
	`credits` integer NOT NULL,
	`organization_id` text,
	`organization_granted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `free_credit_grants_user_unique` ON `free_credit_grants` (`user_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `free_credit_grants_organization_unique` ON `free_credit_grants` (`organization_id`) WHERE `organization_id` IS NOT NULL;
--> statement-breakpoint
-- Whether the free (basic) plan's included credits renew on this account: accounts that existed
-- before this rule keep them (1); a new account has them only once it holds a verified email's
-- claim (its user's, or its owner's first organization).
ALTER TABLE `billing_accounts` ADD `free_included` integer DEFAULT 1 NOT NULL;
