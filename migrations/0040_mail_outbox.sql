-- Mail is committed with the change that justifies it and sent afterwards (src/domain/mail/outbox.ts):
-- a lost send is retried by the cron, a claimed row is sent by one worker at a time. Once sent or given
-- up, the recipient address and the bodies (which carry one-time links) are erased; the row stays as the
-- record support reads: type, recipient hash, time, result.
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`recipient` text,
	`recipient_hash` text NOT NULL,
	`subject` text,
	`text_body` text,
	`html_body` text,
	`organization_id` text,
	`readable_by` text,
	`created_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_until` text,
	`sent_at` text,
	`result` text DEFAULT 'pending' NOT NULL,
	`provider_message_id` text,
	`last_error` text
);--> statement-breakpoint
CREATE INDEX `mail_outbox_pending_idx` ON `mail_outbox` (`next_attempt_at`) WHERE `result` = 'pending';--> statement-breakpoint
CREATE INDEX `mail_outbox_recipient_idx` ON `mail_outbox` (`recipient_hash`, `created_at`);
