-- Wrong second-factor codes counted per account and per sign-in (issue 44, docs/security.md
-- "Guessing second factors"): `account:<user id>` and `sign_in:<sid>` rows, counted before a code is
-- checked, deleted by a correct factor. `locked_until` is epoch milliseconds.
CREATE TABLE `mfa_attempts` (
  `subject` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL,
  `failures` integer DEFAULT 0 NOT NULL,
  `lockouts` integer DEFAULT 0 NOT NULL,
  `locked_until` integer,
  FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mfa_attempts_user_idx` ON `mfa_attempts` (`user_id`);
