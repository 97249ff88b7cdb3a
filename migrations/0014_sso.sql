CREATE TABLE `sso_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`config` text NOT NULL,
	`secret_sealed` text,
	`enforced` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sso_connections_org_idx` ON `sso_connections` (`organization_id`);--> statement-breakpoint
CREATE TABLE `sso_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`domain` text NOT NULL,
	`verification_token` text NOT NULL,
	`verified_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_domains_org_domain` ON `sso_domains` (`organization_id`,`domain`);--> statement-breakpoint
CREATE INDEX `sso_domains_domain_idx` ON `sso_domains` (`domain`);--> statement-breakpoint
CREATE TABLE `sso_once` (
	`key` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sso_once_expiry_idx` ON `sso_once` (`expires_at`);