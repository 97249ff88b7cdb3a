/**
 * Table definitions: the one source the SQL in migrations/ is generated from
 * (`npm run db:generate`). Every table, what it stores and how secrets in it
 * are protected is listed in docs/storage.md.
 * Times are stored as ISO-8601 UTC text (sortable, and what the API returns).
 */

export * from "./schema/api-keys";
export * from "./schema/billing";
export * from "./schema/credits";
export * from "./schema/idempotency";
export * from "./schema/identity";
export * from "./schema/mail";
export * from "./schema/mfa";
export * from "./schema/oauth";
export * from "./schema/organizations";
export * from "./schema/outbox";
export * from "./schema/scim";
export * from "./schema/sessions";
export * from "./schema/shards";
export * from "./schema/sso";
export * from "./schema/webhooks";
