DROP INDEX `credit_ledger_reason_reference_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_reason_reference_unique` ON `credit_ledger` (`reason`,`reference_id`) WHERE "credit_ledger"."reason" <> 'session_debit';--> statement-breakpoint
DROP INDEX `sessions_user_completed_idx`;--> statement-breakpoint
DROP INDEX `sessions_user_confidence_idx`;--> statement-breakpoint
CREATE INDEX `sessions_user_completed_idx` ON `sessions` (`user_id`,`completed_at`,`id`) WHERE "sessions"."completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `sessions_user_confidence_idx` ON `sessions` (`user_id`,`confidence_score`,`id`) WHERE "sessions"."confidence_score" IS NOT NULL;