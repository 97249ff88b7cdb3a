import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/** The grants a client registers for (RFC 7591 §2 `grant_types`); refresh tokens come with authorization_code. */
export type RegistrableGrant = "authorization_code" | "client_credentials";

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
    /** An oauth_clients or oauth_registered_clients id (no foreign key: either table; migration 0050). */
    clientId: text("client_id").notNull(),
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
    /** RFC 8707 resource the grant is for: the MCP server's identifier, or null for the REST API. */
    resource: text("resource"),
  },
  (t) => [uniqueIndex("oauth_codes_hash_unique").on(t.codeHash), index("oauth_codes_client_idx").on(t.clientId)],
);

/**
 * Clients that registered themselves (docs/mcp.md): RFC 7591 dynamic registration (`source` "dynamic", a
 * generated id) or a Client ID Metadata Document (`source` "metadata_document", the id is the document's https
 * URL, re-read when the cached copy is older than a day). Public clients only: no secret, PKCE S256 always.
 * `expires_at` moves on with each use; maintenance deletes the ones past it.
 */
export const oauthRegisteredClients = sqliteTable(
  "oauth_registered_clients",
  {
    id: text("id").primaryKey(),
    source: text("source", { enum: ["dynamic", "metadata_document"] }).notNull(),
    name: text("name").notNull(),
    /** JSON array of redirect URIs; loopback ones match on any port (RFC 8252 §7.3). */
    redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
    allowedScopes: text("allowed_scopes").notNull(),
    clientUri: text("client_uri"),
    createdAt: text("created_at").notNull(),
    lastUsedAt: text("last_used_at"),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("oauth_registered_clients_expires_idx").on(t.expiresAt)],
);
