import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";
import { organizations } from "./organizations";

/**
 * SCIM 2.0 provisioning (issue 48, docs/sso.md "SCIM"). A connection is one organization's directory
 * pushing users and groups to `/scim/v2/{connection}/…` with a bearer token shown once and stored
 * only as SHA-256 (256 random bits: a slow hash adds nothing). `revoked_at` set: the token is refused.
 * `group_roles` is JSON `{displayName: "admin" | "member"}` (never owner); `default_role` the rest.
 */
export const scimConnections = sqliteTable(
  "scim_connections",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The token's first characters, safe to display. */
    tokenPrefix: text("token_prefix").notNull(),
    groupRoles: text("group_roles").notNull(),
    defaultRole: text("default_role", { enum: ["admin", "member"] }).notNull(),
    createdAt: text("created_at").notNull(),
    rotatedAt: text("rotated_at"),
    revokedAt: text("revoked_at"),
    /** Throttled: written at most once a minute per connection. */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    uniqueIndex("scim_connections_token_hash").on(t.tokenHash),
    index("scim_connections_org_idx").on(t.organizationId),
  ],
);

/**
 * A directory's user (RFC 7643 §4.1) on a connection, linked to one account. `resource` is the JSON of
 * the attributes as the directory last wrote them; `user_name` is lower-cased (userName is
 * caseExact false, RFC 7643 §4.1.1), unique per connection; `version` is meta.version.
 */
export const scimUsers = sqliteTable(
  "scim_users",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => scimConnections.id, { onDelete: "cascade" }),
    organizationId: text("organization_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    externalId: text("external_id"),
    active: integer("active", { mode: "boolean" }).notNull(),
    resource: text("resource").notNull(),
    version: integer("version").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("scim_users_connection_user_name").on(t.connectionId, t.userName),
    uniqueIndex("scim_users_connection_user").on(t.connectionId, t.userId),
    index("scim_users_user_idx").on(t.userId),
  ],
);

/** A directory's group (RFC 7643 §4.2) on a connection; `display_name` lower-cased copy is unique per connection. */
export const scimGroups = sqliteTable(
  "scim_groups",
  {
    id: text("id").primaryKey(),
    connectionId: text("connection_id")
      .notNull()
      .references(() => scimConnections.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    displayKey: text("display_key").notNull(),
    externalId: text("external_id"),
    version: integer("version").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("scim_groups_connection_display").on(t.connectionId, t.displayKey)],
);

export const scimGroupMembers = sqliteTable(
  "scim_group_members",
  {
    groupId: text("group_id")
      .notNull()
      .references(() => scimGroups.id, { onDelete: "cascade" }),
    scimUserId: text("scim_user_id")
      .notNull()
      .references(() => scimUsers.id, { onDelete: "cascade" }),
    /** The member's `type` as the directory sent it (RFC 7643 §4.2: immutable, "User" in practice). */
    memberType: text("member_type"),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.scimUserId] }), index("scim_group_members_user_idx").on(t.scimUserId)],
);
