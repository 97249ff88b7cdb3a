-- SCIM 2.0 provisioning (issue 48, drizzle/schema/scim.ts).
CREATE TABLE `scim_connections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`token_prefix` text NOT NULL,
	`group_roles` text NOT NULL,
	`default_role` text NOT NULL,
	`created_at` text NOT NULL,
	`rotated_at` text,
	`revoked_at` text,
	`last_used_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `scim_connections_token_hash` ON `scim_connections` (`token_hash`);
CREATE INDEX `scim_connections_org_idx` ON `scim_connections` (`organization_id`);
CREATE TABLE `scim_group_members` (
	`group_id` text NOT NULL,
	`scim_user_id` text NOT NULL,
	`member_type` text,
	PRIMARY KEY(`group_id`, `scim_user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `scim_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`scim_user_id`) REFERENCES `scim_users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE INDEX `scim_group_members_user_idx` ON `scim_group_members` (`scim_user_id`);
CREATE TABLE `scim_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`display_name` text NOT NULL,
	`display_key` text NOT NULL,
	`external_id` text,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `scim_connections`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `scim_groups_connection_display` ON `scim_groups` (`connection_id`,`display_key`);
CREATE TABLE `scim_users` (
	`id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`external_id` text,
	`active` integer NOT NULL,
	`resource` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`connection_id`) REFERENCES `scim_connections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
CREATE UNIQUE INDEX `scim_users_connection_user_name` ON `scim_users` (`connection_id`,`user_name`);
CREATE UNIQUE INDEX `scim_users_connection_user` ON `scim_users` (`connection_id`,`user_id`);
CREATE INDEX `scim_users_user_idx` ON `scim_users` (`user_id`);
