import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db, schema } from "./client";
import type { OrganizationRow } from "./organizations";
import type { Statement } from "./store";

const { organizations, organizationMembers, users } = schema;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type OrgRole = MemberRow["role"];

/** The live organization and the user's role there, in one read; undefined when either is missing. */
export async function findMembership(
  d1: D1Database,
  organizationId: string,
  userId: string,
): Promise<{ organization: OrganizationRow; role: OrgRole } | undefined> {
  return db(d1)
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        isNull(organizations.deletedAt),
      ),
    )
    .get();
}

/** Whether the member has a second factor (as db/mfa.ts hasSecondFactor), in the members list's one read. */
const memberHasSecondFactor =
  sql<boolean>`(EXISTS (SELECT 1 FROM mfa_totp WHERE mfa_totp.user_id = ${organizationMembers.userId} AND mfa_totp.confirmed_at IS NOT NULL)
  OR EXISTS (SELECT 1 FROM mfa_passkeys WHERE mfa_passkeys.user_id = ${organizationMembers.userId}))`.mapWith(Boolean);

/** The live SCIM connection that provisions the member, if one does (the directory manages them). */
const memberManagedBy = sql<string | null>`(SELECT c.id FROM scim_users su
  JOIN scim_connections c ON c.id = su.connection_id AND c.revoked_at IS NULL
  WHERE su.organization_id = ${organizationMembers.organizationId} AND su.user_id = ${organizationMembers.userId} LIMIT 1)`;

export async function listMembers(d1: D1Database, organizationId: string) {
  return db(d1)
    .select({
      member: organizationMembers,
      email: users.email,
      username: users.username,
      mfaEnabled: memberHasSecondFactor,
      managedBy: memberManagedBy,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.userId))
    .all();
}

export async function findMember(d1: D1Database, organizationId: string, userId: string) {
  return db(d1)
    .select({ member: organizationMembers, email: users.email, username: users.username, managedBy: memberManagedBy })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .get();
}

export async function memberByEmail(d1: D1Database, organizationId: string, email: string) {
  return db(d1)
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(users.email, email)))
    .get();
}

export function insertMemberStatement(d1: D1Database, row: MemberRow): Statement {
  return d1
    .prepare(
      "INSERT INTO organization_members (organization_id, user_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(row.organizationId, row.userId, row.role, row.createdAt, row.updatedAt);
}

/**
 * Change a member's role. Demoting an owner applies only while another owner
 * remains (evaluated inside the statement, so two owners demoting each other
 * at once cannot leave none).
 */
export function setRoleStatement(
  d1: D1Database,
  organizationId: string,
  userId: string,
  role: OrgRole,
  at: string,
): Statement {
  return d1
    .prepare(
      `UPDATE organization_members SET role = ?1, updated_at = ?2 WHERE organization_id = ?3 AND user_id = ?4
       AND (role != 'owner' OR ?1 = 'owner'
            OR (SELECT COUNT(*) FROM organization_members WHERE organization_id = ?3 AND role = 'owner') > 1)`,
    )
    .bind(role, at, organizationId, userId);
}

/** Remove a member, unless it is the last owner (same guard as setRoleStatement). */
export function removeMemberStatement(d1: D1Database, organizationId: string, userId: string): Statement {
  return d1
    .prepare(
      `DELETE FROM organization_members WHERE organization_id = ?1 AND user_id = ?2
       AND (role != 'owner' OR (SELECT COUNT(*) FROM organization_members WHERE organization_id = ?1 AND role = 'owner') > 1)`,
    )
    .bind(organizationId, userId);
}

/** Join through an accepted invitation: only if the previous statement changed a row. */
export function insertMemberIfChangedStatement(d1: D1Database, row: MemberRow): Statement {
  return d1
    .prepare(
      `INSERT INTO organization_members (organization_id, user_id, role, created_at, updated_at)
       SELECT ?, ?, ?, ?, ? WHERE changes() = 1`,
    )
    .bind(row.organizationId, row.userId, row.role, row.createdAt, row.updatedAt);
}

/**
 * A directory's member (SCIM, src/domain/identity/scim/membership.ts): joins with `role`, or takes
 * `role` if a member already, except an owner, whom a directory neither makes nor demotes.
 */
export function upsertDirectoryMemberStatement(d1: D1Database, row: MemberRow): Statement {
  return d1
    .prepare(
      `INSERT INTO organization_members (organization_id, user_id, role, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = excluded.role, updated_at = excluded.updated_at
       WHERE organization_members.role != 'owner' AND organization_members.role != excluded.role`,
    )
    .bind(row.organizationId, row.userId, row.role, row.createdAt, row.updatedAt);
}

/** How many owners the organization has (a directory never removes the last one). */
export async function ownerCount(d1: D1Database, organizationId: string): Promise<number> {
  const row = await d1
    .prepare("SELECT COUNT(*) AS n FROM organization_members WHERE organization_id = ? AND role = 'owner'")
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
