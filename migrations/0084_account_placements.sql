-- Where each billing account lives (docs/scale.md "Shards"): a directory row per account, written
-- with the account. Every database gets this table (one schema); only the directory's has rows.
CREATE TABLE `account_placements` (
	`account_id` text PRIMARY KEY NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`shard` integer NOT NULL,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_placements_owner_unique` ON `account_placements` (`owner_type`,`owner_id`);
--> statement-breakpoint
CREATE INDEX `account_placements_shard_idx` ON `account_placements` (`shard`);
--> statement-breakpoint
-- The single database's accounts are on shard 0, which it became (their ids say so too). On a shard
-- database billing_accounts is empty at this migration, so nothing is copied there.
INSERT INTO `account_placements` (`account_id`, `owner_type`, `owner_id`, `shard`, `version`, `created_at`, `updated_at`)
	SELECT `id`, `owner_type`, `owner_id`, 0, 1, `created_at`, `created_at` FROM `billing_accounts`;
