-- Clients that registered themselves (docs/mcp.md): Dynamic Client Registration (RFC 7591, source 'dynamic')
-- and Client ID Metadata Documents (source 'metadata_document', the client_id is the document's https URL).
-- Public clients only (PKCE S256); a registration not used before `expires_at` is deleted by maintenance, and
-- each use moves `expires_at` on.
CREATE TABLE `oauth_registered_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`name` text NOT NULL,
	`redirect_uris` text NOT NULL,
	`allowed_scopes` text NOT NULL,
	`client_uri` text,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`expires_at` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `oauth_registered_clients_expires_idx` ON `oauth_registered_clients` (`expires_at`);
