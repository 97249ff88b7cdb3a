CREATE TABLE `revoked_credentials` (
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`kind`, `subject`)
);
--> statement-breakpoint
CREATE INDEX `revoked_credentials_expires_idx` ON `revoked_credentials` (`expires_at`);