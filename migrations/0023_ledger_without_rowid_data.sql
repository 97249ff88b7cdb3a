-- Custom migration (drizzle cannot declare WITHOUT ROWID): credit_ledger becomes a
-- WITHOUT ROWID table, so its text primary key is the table's own b-tree rather than an
-- index beside a rowid table, and each ledger row is one entry instead of two (D1 counts
-- index entries as rows written). Same columns, constraints and indexes; no table
-- references credit_ledger, and it has no triggers.
CREATE TABLE `__new_credit_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`reference_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `billing_accounts`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_credit_ledger` (`id`, `account_id`, `delta`, `reason`, `reference_id`, `description`, `created_at`)
  SELECT `id`, `account_id`, `delta`, `reason`, `reference_id`, `description`, `created_at` FROM `credit_ledger`;
--> statement-breakpoint
DROP TABLE `credit_ledger`;
--> statement-breakpoint
ALTER TABLE `__new_credit_ledger` RENAME TO `credit_ledger`;
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_reason_reference_unique` ON `credit_ledger` (`reason`,`reference_id`) WHERE "credit_ledger"."reason" <> 'session_debit';
--> statement-breakpoint
CREATE INDEX `credit_ledger_account_created_idx` ON `credit_ledger` (`account_id`,`created_at`);
