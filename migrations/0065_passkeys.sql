-- Passkeys (issue 30, WebAuthn Level 3): a user's credentials with their public key (COSE, base64url),
-- the signature counter last seen (a lower or equal one means a cloned authenticator, §6.1.1) and the
-- backup flags (§6.1.3). WebAuthn challenges are single-use and short-lived, bound to the user (none
-- for a passwordless sign-in, whose user is learnt from the credential) and to the ceremony; the
-- second step of a password sign-in keeps its WebAuthn challenge on its MFA challenge row.
CREATE TABLE `mfa_passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text DEFAULT '[]' NOT NULL,
	`device_type` text NOT NULL,
	`backed_up` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mfa_passkeys_credential_idx` ON `mfa_passkeys` (`credential_id`);
--> statement-breakpoint
CREATE INDEX `mfa_passkeys_user_idx` ON `mfa_passkeys` (`user_id`);
--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge_hash` text PRIMARY KEY NOT NULL,
	`ceremony` text NOT NULL,
	`user_id` text,
	`sid` text,
	`expires_at` integer NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mfa_challenges` ADD `webauthn_challenge` text;
