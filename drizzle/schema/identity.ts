import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lower-cased: emails are unique case-insensitively. */
    email: text("email").notNull(),
    username: text("username").notNull(),
    /** PBKDF2-SHA256, `pbkdf2_sha256$iter$salt$hash`; never the password. */
    passwordHash: text("password_hash").notNull(),
    /** The tier of the user's own billing account, written with it (billing_accounts is the source). */
    tier: text("tier", { enum: ["basic", "professional", "enterprise"] }).notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    /**
     * Retired: balances live in billing_accounts.balance. SQLite cannot drop a
     * column its CHECK names without rebuilding users, and rebuilding users
     * would cascade-delete every row that references it; nothing reads or writes this.
     */
    credits: integer("credits").notNull().default(0),
    marketingConsent: integer("marketing_consent", { mode: "boolean" }).notNull().default(false),
    prefNotifications: integer("pref_notifications", { mode: "boolean" }).notNull().default(true),
    prefTheme: text("pref_theme").notNull().default("light"),
    prefLanguage: text("pref_language").notNull().default("en"),
    /** Country code Cloudflare reported at registration / last login ("unknown" locally). */
    country: text("country").notNull().default("unknown"),
    createdAt: text("created_at").notNull(),
    lastLogin: text("last_login"),
    /** When the holder of `email` proved it (the mailed link); null until then (docs/security.md). */
    emailVerifiedAt: text("email_verified_at"),
    /**
     * Every credential of the account issued before this time is void: set when an unverified
     * account is taken over for a directory's user (docs/security.md "Pre-hijacked accounts").
     */
    credentialsRevokedAt: text("credentials_revoked_at"),
    /** When the person deleted the account: its personal data was erased then (docs/storage.md "Account deletion"). */
    deletedAt: text("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
  ],
);

/**
 * Pending email verifications: SHA-256 of the mailed single-use token, for `email` as it was when
 * mailed (a changed email voids it), until `expires_at` (24 h). Deleted when used or replaced.
 */
export const emailVerifications = sqliteTable(
  "email_verifications",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

/**
 * Opaque refresh tokens (RFC 6749 §10.4, RFC 9700 §4.14): stored as SHA-256
 * of the token, single-use, rotated on each use. All tokens of one login (or
 * one OAuth grant) share a `family_id`; presenting a used token revokes the
 * family (reuse detection).
 */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    familyId: text("family_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** OAuth client the family was issued to; null for first-party login. */
    clientId: text("client_id"),
    scope: text("scope").notNull(),
    /** The organization a sign-in through its connection acts for (docs/sso.md); null otherwise. */
    organizationId: text("organization_id"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    revokedAt: text("revoked_at"),
    /** RFC 8707 resource of the grant (the MCP server's identifier); null for the REST API. */
    resource: text("resource"),
    /** The client the token went to: a user-agent summary ("Firefox on Linux"), never the header itself. */
    client: text("client"),
    /** The country Cloudflare reported for the request that got the token (null when it reported none). */
    country: text("country"),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId, t.familyId),
  ],
);

/**
 * Revoked access-token sessions (`kind` "sid": a login session or OAuth grant
 * family) and deleted OAuth clients (`kind` "client"), each kept until the
 * longest-lived access token it covers has expired. In D1, not KV, because
 * D1's primary is strongly consistent: every isolate sees a revocation on its
 * next check (docs/security.md, "Revocation bound").
 */
export const revokedCredentials = sqliteTable(
  "revoked_credentials",
  {
    kind: text("kind", { enum: ["sid", "client"] }).notNull(),
    subject: text("subject").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] }), index("revoked_credentials_expires_idx").on(t.expiresAt)],
);

/**
 * Changes of the service-administrator role (`users.role`): who, what (`granted`/`revoked`), by whom
 * (`cli` for npm run admin:grant, `bootstrap:ADMIN_EMAILS`, or an admin's user id). Append-only
 * (triggers refuse UPDATE and DELETE).
 */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    email: text("email").notNull(),
    action: text("action", { enum: ["granted", "revoked"] }).notNull(),
    actor: text("actor").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("admin_audit_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What a deleted account still owes after its deletion's batch (migration 0077,
 * src/domain/users/account-erasure.ts): open sessions cancelled, ended sessions' content erased,
 * the payment processor's customer deleted. Retried by the cron until `done_at` is set.
 */
export const accountErasures = sqliteTable(
  "account_erasures",
  {
    userId: text("user_id").primaryKey(),
    accountId: text("account_id").notNull(),
    deletedAt: text("deleted_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the cron next tries; NULL once done. */
    nextAttemptAt: text("next_attempt_at"),
    doneAt: text("done_at"),
    lastError: text("last_error"),
  },
  (t) => [index("account_erasures_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} IS NOT NULL`)],
);
