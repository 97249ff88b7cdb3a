-- Account deletion's work after its batch (issue 29, docs/storage.md "Account deletion"): the
-- account's open sessions cancelled, its ended sessions' content erased and its payment processor
-- customer deleted. Written in the deletion's own batch; done in the request, retried by the cron
-- until `done_at` is set.
CREATE TABLE `account_erasures` (
  `user_id` text PRIMARY KEY NOT NULL,
  `account_id` text NOT NULL,
  `deleted_at` text NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `next_attempt_at` text,
  `done_at` text,
  `last_error` text
);
--> statement-breakpoint
CREATE INDEX `account_erasures_due_idx` ON `account_erasures` (`next_attempt_at`) WHERE `next_attempt_at` IS NOT NULL;
