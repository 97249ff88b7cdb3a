PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`brand` text NOT NULL,
	`last_four` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`gateway` text NOT NULL,
	`gateway_token` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `billing_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_payment_methods`("id", "account_id", "brand", "last_four", "exp_month", "exp_year", "gateway", "gateway_token", "is_default", "created_at") SELECT "id", "account_id", "brand", "last_four", "exp_month", "exp_year", "gateway", "gateway_token", "is_default", "created_at" FROM `payment_methods`;--> statement-breakpoint
DROP TABLE `payment_methods`;--> statement-breakpoint
ALTER TABLE `__new_payment_methods` RENAME TO `payment_methods`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payment_methods_account_idx` ON `payment_methods` (`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`type` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`credits` integer NOT NULL,
	`status` text NOT NULL,
	`description` text NOT NULL,
	`credit_package` text,
	`quantity` integer,
	`payment_method_id` text,
	`idempotency_key` text,
	`gateway_reference` text,
	`failure_code` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `billing_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_transactions`("id", "account_id", "type", "amount_cents", "currency", "credits", "status", "description", "credit_package", "quantity", "payment_method_id", "idempotency_key", "gateway_reference", "failure_code", "created_at") SELECT "id", "account_id", "type", "amount_cents", "currency", "credits", "status", "description", "credit_package", "quantity", "payment_method_id", "idempotency_key", "gateway_reference", "failure_code", "created_at" FROM `transactions`;--> statement-breakpoint
DROP TABLE `transactions`;--> statement-breakpoint
ALTER TABLE `__new_transactions` RENAME TO `transactions`;--> statement-breakpoint
CREATE INDEX `transactions_account_created_idx` ON `transactions` (`account_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_idempotency_key_unique` ON `transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `transactions_gateway_reference_idx` ON `transactions` (`gateway_reference`);--> statement-breakpoint
CREATE TABLE `__new_credit_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`reference_id` text NOT NULL,
	`description` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `billing_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_credit_ledger`("id", "account_id", "delta", "reason", "reference_id", "description", "created_at") SELECT "id", "account_id", "delta", "reason", "reference_id", "description", "created_at" FROM `credit_ledger`;--> statement-breakpoint
DROP TABLE `credit_ledger`;--> statement-breakpoint
ALTER TABLE `__new_credit_ledger` RENAME TO `credit_ledger`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_reason_reference_unique` ON `credit_ledger` (`reason`,`reference_id`);--> statement-breakpoint
CREATE INDEX `credit_ledger_account_created_idx` ON `credit_ledger` (`account_id`,`created_at`);--> statement-breakpoint
DROP INDEX `sessions_active_idx`;--> statement-breakpoint
CREATE INDEX `sessions_active_idx` ON `sessions` (`account_id`) WHERE "sessions"."status" IN ('pending', 'processing');