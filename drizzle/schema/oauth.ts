import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { RegistrableGrant } from "../../src/domain/identity/oauth/clients";
import { users } from "./identity";

/**
 * OAuth 2.0 clients registered by users (RFC 6749 §2). `id` is the public
 * client_id. Confidential clients have a secret, stored only as its SHA-256
 * (the secret is 256 random bits, so a fast hash is enough: nothing to
 * brute-force); public clients (native/SPA) have none and must use PKCE.
 */
export const oauthClients = sqliteTable(
  "oauth_clients",
  {
    id: text("id").primaryKey(),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    clientType: text("client_type", { enum: ["confidential", "public"] }).notNull(),
    /** SHA-256 hex of the client secret; null for public clients. */
    secretHash: text("secret_hash"),
    /** JSON array of absolute redirect URIs, compared exactly (RFC 9700 §4.1.3). */
    redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
    /** JSON array: "authorization_code" and/or "client_credentials". */
    grantTypes: text("grant_types", { mode: "json" }).$type<RegistrableGrant[]>().notNull(),
    /** Space-separated scopes the client may ever be granted (RFC 6749 §3.3). */
    allowedScopes: text("allowed_scopes").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("oauth_clients_owner_idx").on(t.ownerUserId)],
);

/**
 * Authorization codes (RFC 6749 §4.1.2): stored as SHA-256 of the code,
 * single-use (`used_at`), short-lived. `family_id` is decided when the code is
 * issued: it becomes the refresh-token family and the access tokens' `sid`, so
 * replaying a used code can revoke everything issued from it (§4.1.2, §10.5).
 */
export const oauthAuthorizationCodes = sqliteTable(
  "oauth_authorization_codes",
  {
    id: text("id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    scope: text("scope").notNull(),
    /** RFC 7636 S256 challenge; null only for confidential clients that sent none. */
    codeChallenge: text("code_challenge"),
    familyId: text("family_id").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [uniqueIndex("oauth_codes_hash_unique").on(t.codeHash)],
);
