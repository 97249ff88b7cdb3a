-- Organizations that require a second factor of their members (issue 30): 1 = members without one get
-- 403 ORGANIZATION_MFA_REQUIRED on the organization's resources (not its API keys).
ALTER TABLE `organizations` ADD `require_mfa` integer DEFAULT 0 NOT NULL;
