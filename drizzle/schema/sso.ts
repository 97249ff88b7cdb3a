import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";
import { organizations } from "./organizations";

/**
 * Enterprise sign-on (issue #14, docs/sso.md). A connection is one organization's SAML IdP or LDAP
 * directory; `config` is JSON of its non-secret settings, `secret_sealed` the LDAP service password
 * sealed with DATA_ENCRYPTION_KEY (AES-256-GCM, bound to the connection id), never returned.
 */
export const ssoConnections = sqliteTable(
  "sso_connections",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["saml", "ldap", "oidc"] }).notNull(),
    name: text("name").notNull(),
    config: text("config").notNull(),
    secretSealed: text("secret_sealed"),
    /** Members whose email is in a verified domain of the organization must sign in here. */
    enforced: integer("enforced", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("sso_connections_org_idx").on(t.organizationId)],
);

/** Email domains an organization proved it owns (DNS TXT), routing their users to its connection. */
export const ssoDomains = sqliteTable(
  "sso_domains",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    verificationToken: text("verification_token").notNull(),
    verifiedAt: text("verified_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sso_domains_org_domain").on(t.organizationId, t.domain),
    index("sso_domains_domain_idx").on(t.domain),
    // A domain is verified by one organization at a time (issue 27).
    uniqueIndex("sso_domains_verified_domain").on(t.domain).where(sql`verified_at IS NOT NULL`),
  ],
);

/**
 * One-time values with an expiry: AuthnRequest ids awaiting their Response (InResponseTo) and
 * assertion ids already consumed (the replay cache). A conditional insert or delete is the check.
 */
export const ssoOnce = sqliteTable(
  "sso_once",
  {
    key: text("key").primaryKey(),
    connectionId: text("connection_id").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sso_once_expiry_idx").on(t.expiresAt)],
);

/**
 * External identities (issue 27, docs/sso.md "Linking"): the IdP's or directory's subject (SAML
 * NameID, LDAP entry DN) on a connection, linked once to a user; later sign-ins match on
 * (connection, subject), never on the asserted email. `linked_via`: `created` (the connection made
 * the account), `verified_email` (an account whose holder had verified the email), `takeover` (an
 * unverified account voided and handed to the directory's user).
 */
export const externalIdentities = sqliteTable(
  "external_identities",
  {
    connectionId: text("connection_id")
      .notNull()
      .references(() => ssoConnections.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    linkedVia: text("linked_via", { enum: ["created", "verified_email", "takeover"] }).notNull(),
    createdAt: text("created_at").notNull(),
    lastSignInAt: text("last_sign_in_at"),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.subject] }),
    uniqueIndex("external_identities_connection_user").on(t.connectionId, t.userId),
    index("external_identities_user_idx").on(t.userId),
  ],
);
