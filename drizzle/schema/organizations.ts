import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./identity";

/**
 * Organizations: shared workspaces (issue #13). Deleting one sets `deleted_at`
 * (docs/decisions.md, "Organizations"): members and invitations go, its API
 * keys are revoked and webhooks removed, while its sessions and audit log stay
 * for accounting. Every lookup ignores deleted organizations.
 */
export const organizations = sqliteTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    deletedAt: text("deleted_at"),
    /** Members need a second factor to reach the organization's resources (docs/security.md). */
    requireMfa: integer("require_mfa", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("organizations_created_idx").on(t.createdAt)],
);

export const ORGANIZATION_ROLES = ["owner", "admin", "member"] as const;

/** One row per (organization, user); at least one owner per live organization (enforced by the domain). */
export const organizationMembers = sqliteTable(
  "organization_members",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("organization_members_pk").on(t.organizationId, t.userId),
    index("organization_members_user_idx").on(t.userId),
  ],
);

/**
 * Invitations: the token (256 random bits) is returned once to the inviter and
 * stored only as SHA-256. Single use: `accepted_at` is set by a conditional
 * update; `revoked_at` by the inviter's side.
 */
export const organizationInvitations = sqliteTable(
  "organization_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Lower-cased, like users.email. */
    email: text("email").notNull(),
    role: text("role", { enum: ORGANIZATION_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").notNull(),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
    acceptedAt: text("accepted_at"),
    acceptedBy: text("accepted_by"),
    revokedAt: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("organization_invitations_token_unique").on(t.tokenHash),
    index("organization_invitations_org_idx").on(t.organizationId, t.createdAt),
  ],
);

/**
 * The audit log: append-only (SQLite triggers refuse UPDATE and DELETE,
 * migration `organizations_audit_append_only`; no API route edits it).
 * `before` / `after` hold JSON of the changed fields where meaningful.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    actorUserId: text("actor_user_id"),
    /** `login_token:<jti>`, `oauth_token:<jti>`, `api_key:<key id>`. */
    actorCredential: text("actor_credential").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: text("before"),
    after: text("after"),
    requestId: text("request_id").notNull(),
    ip: text("ip").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("audit_log_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("audit_log_org_action_idx").on(t.organizationId, t.action, t.createdAt),
  ],
);
