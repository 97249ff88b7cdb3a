-- Refunds return to the bucket that paid (issue 44, hole 6; docs/decisions.md "Included vs purchased
-- credits"). Written by hand, as every migration after 0032; it only expands.
--
-- A session's price as paid from included credits: `credits_included` of the current period,
-- `credits_expired` of a period that has since ended (its renewal moves the one into the other). A
-- refund gives the first back to included_balance, writes the second off, and the rest is purchased.
-- Sessions created before this migration have 0 of both: their refunds stay purchased credit.
ALTER TABLE `sessions` ADD `credits_included` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `credits_expired` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- How many of the account's latest debit came from included credits: the debit's UPDATE sets it and
-- the statement after it in the same batch (D1 runs a batch as one transaction) copies it onto the
-- session it paid for.
ALTER TABLE `billing_accounts` ADD `debit_included` integer DEFAULT 0 NOT NULL;
