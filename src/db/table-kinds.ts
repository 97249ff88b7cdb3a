/**
 * Which database each table lives in (docs/scale.md "Shards"). Every database has every table (one
 * schema); these say where a table's rows are. test/db/table-kinds.test.ts fails on a table of the
 * schema named here not at all, or twice.
 *
 * - `directory`: who someone is (users, credentials, sign-ins, organizations and memberships, API
 *   keys, OAuth, SSO) and where each account lives — one database.
 * - `account`: what a billing account owns that commits together (its ledger, sessions and their
 *   rollups and history, usage, Idempotency-Key records, webhooks and deliveries) — the account's shard.
 * - `follows`: records written with the change they belong to (the audit entry, the outbox's event or
 *   mail), in whichever database that change commits.
 */
export type TableKind = "directory" | "account" | "follows";

export const TABLE_KINDS: Readonly<Record<string, TableKind>> = {
  users: "directory",
  email_verifications: "directory",
  refresh_tokens: "directory",
  revoked_credentials: "directory",
  admin_audit: "directory",
  account_erasures: "directory",
  account_tokens: "directory",
  mfa_totp: "directory",
  mfa_recovery_codes: "directory",
  mfa_challenges: "directory",
  mfa_checks: "directory",
  mfa_attempts: "directory",
  mfa_passkeys: "directory",
  webauthn_challenges: "directory",
  organizations: "directory",
  organization_members: "directory",
  organization_invitations: "directory",
  api_keys: "directory",
  oauth_clients: "directory",
  oauth_authorization_codes: "directory",
  oauth_registered_clients: "directory",
  sso_connections: "directory",
  sso_domains: "directory",
  sso_once: "directory",
  external_identities: "directory",
  scim_connections: "directory",
  scim_users: "directory",
  scim_groups: "directory",
  scim_group_members: "directory",
  free_credit_grants: "directory",
  account_placements: "directory",

  billing_accounts: "account",
  credit_ledger: "account",
  payment_methods: "account",
  transactions: "account",
  processor_events: "account",
  sessions: "account",
  session_history: "account",
  session_content: "account",
  session_counts: "account",
  session_monthly: "account",
  api_usage_daily: "account",
  api_usage_monthly: "account",
  idempotency_keys: "account",
  webhooks: "account",
  webhook_deliveries: "account",
  webhook_delivery_attempts: "account",

  audit_log: "follows",
  event_outbox: "follows",
  mail_outbox: "follows",
};
