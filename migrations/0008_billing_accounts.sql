CREATE TABLE `billing_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_type` text NOT NULL,
	`owner_id` text NOT NULL,
	`tier` text NOT NULL,
	`status` text NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`included_balance` integer DEFAULT 0 NOT NULL,
	`period_included` integer DEFAULT 0 NOT NULL,
	`current_period_start` text NOT NULL,
	`current_period_end` text NOT NULL,
	`trial_ends_at` text,
	`pending_tier` text,
	`dunning_attempts` integer DEFAULT 0 NOT NULL,
	`next_action_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "billing_accounts_balance_non_negative" CHECK("billing_accounts"."balance" >= 0),
	CONSTRAINT "billing_accounts_included_within_balance" CHECK("billing_accounts"."included_balance" >= 0 AND "billing_accounts"."included_balance" <= "billing_accounts"."balance")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_accounts_owner_unique` ON `billing_accounts` (`owner_type`,`owner_id`);--> statement-breakpoint
CREATE INDEX `billing_accounts_updated_idx` ON `billing_accounts` (`updated_at`);--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `payment_methods` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `account_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `account_id` text;