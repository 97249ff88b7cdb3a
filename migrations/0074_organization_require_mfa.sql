-- Organizations that require a second factor of their members (issue 30): while set, a member
-- without one is refused the organization's resources (src/domain/organizations/access.ts).
ALTER TABLE `organizations` ADD `require_mfa` integer DEFAULT false NOT NULL;
