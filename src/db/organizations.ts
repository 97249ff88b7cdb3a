import { and, asc, count, desc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import { db, schema } from "./client";
import { ANY_SESSION_TYPE } from "./sessions";

const { organizations, organizationMembers, organizationInvitations, auditLog, users } = schema;
export type OrganizationRow = typeof organizations.$inferSelect;
export type MemberRow = typeof organizationMembers.$inferSelect;
export type InvitationRow = typeof organizationInvitations.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type OrgRole = MemberRow["role"];

/**
 * Writes go through D1 batches of prepared statements: a change and its audit
 * row commit together or not at all (ARCHITECTURE pattern 4). Conditional
 * statements guard the rules that races could break (the last owner).
 */
export type Statement = D1PreparedStatement;

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

export async function findLiveOrganization(d1: D1Database, id: string): Promise<OrganizationRow | undefined> {
  return db(d1)
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
    .get();
}

export async function organizationsOfUser(d1: D1Database, userId: string) {
  return db(d1)
    .select({ organization: organizations, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.userId, userId), isNull(organizations.deletedAt)))
    .orderBy(asc(organizations.createdAt))
    .all();
}

export async function countOwnedOrganizations(d1: D1Database, userId: string): Promise<number> {
  const row = await db(d1)
    .select({ n: count() })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(
      and(
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.role, "owner"),
        isNull(organizations.deletedAt),
      ),
    )
    .get();
  return row?.n ?? 0;
}

export async function listMembers(d1: D1Database, organizationId: string) {
  return db(d1)
    .select({ member: organizationMembers, email: users.email, username: users.username })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizationMembers.userId))
    .all();
}

export async function findMember(d1: D1Database, organizationId: string, userId: string) {
  return db(d1)
    .select({ member: organizationMembers, email: users.email, username: users.username })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    .get();
}

export async function emailOfUser(d1: D1Database, userId: string): Promise<string | undefined> {
  return (await db(d1).select({ email: users.email }).from(users).where(eq(users.id, userId)).get())?.email;
}

export async function memberByEmail(d1: D1Database, organizationId: string, email: string) {
  return db(d1)
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(users.email, email)))
    .get();
}

export async function hasActiveSessions(d1: D1Database, organizationId: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS x FROM sessions WHERE organization_id = ? AND status IN ('pending', 'processing') LIMIT 1")
    .bind(organizationId)
    .first();
  return row !== null;
}

/** Ids of the organization's sessions that may have open sockets (pending or processing). */
export async function activeSessionIdsOf(d1: D1Database, organizationId: string): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT id FROM sessions WHERE organization_id = ? AND status IN ('pending', 'processing')")
    .bind(organizationId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Pending or processing sessions a user can watch: their personal ones and their organizations'. */
export async function activeSessionIdsReachableBy(d1: D1Database, userId: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT id FROM sessions WHERE status IN ('pending', 'processing')
       AND ((organization_id IS NULL AND user_id = ?1 AND ${ANY_SESSION_TYPE})
            OR organization_id IN (SELECT organization_id FROM organization_members WHERE user_id = ?1))`,
    )
    .bind(userId)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

export async function findInvitationByHash(d1: D1Database, tokenHash: string): Promise<InvitationRow | undefined> {
  return db(d1).select().from(organizationInvitations).where(eq(organizationInvitations.tokenHash, tokenHash)).get();
}

export async function findInvitation(
  d1: D1Database,
  organizationId: string,
  id: string,
): Promise<InvitationRow | undefined> {
  return db(d1)
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.id, id), eq(organizationInvitations.organizationId, organizationId)))
    .get();
}

/** Pending invitations: not accepted, not revoked and not yet expired at `now`. */
export async function pendingInvitations(d1: D1Database, organizationId: string, now: string) {
  const { results } = await d1
    .prepare(
      `SELECT * FROM organization_invitations WHERE organization_id = ? AND accepted_at IS NULL AND revoked_at IS NULL
       AND expires_at > ? ORDER BY created_at DESC`,
    )
    .bind(organizationId, now)
    .all<Record<string, string | null>>();
  return results.map(
    (r): InvitationRow => ({
      id: r.id!,
      organizationId: r.organization_id!,
      email: r.email!,
      role: r.role as OrgRole,
      tokenHash: r.token_hash!,
      invitedBy: r.invited_by!,
      createdAt: r.created_at!,
      expiresAt: r.expires_at!,
      acceptedAt: r.accepted_at ?? null,
      acceptedBy: r.accepted_by ?? null,
      revokedAt: r.revoked_at ?? null,
    }),
  );
}

// ---- Write statements (combined into batches by the domain) ----

export function insertOrganizationStatement(d1: D1Database, row: OrganizationRow): Statement {
  return d1
    .prepare("INSERT INTO organizations (id, name, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
    .bind(row.id, row.name, row.createdBy, row.createdAt, row.updatedAt);
}

export function insertMemberStatement(d1: D1Database, row: MemberRow): Statement {
  return d1
    .prepare(
      "INSERT INTO organization_members (organization_id, user_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(row.organizationId, row.userId, row.role, row.createdAt, row.updatedAt);
}

export function renameOrganizationStatement(d1: D1Database, id: string, name: string, at: string): Statement {
  return d1
    .prepare("UPDATE organizations SET name = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL")
    .bind(name, at, id);
}

/** Soft delete, only while no session of the organization is pending or processing. */
export function softDeleteOrganizationStatement(d1: D1Database, id: string, at: string): Statement {
  return d1
    .prepare(
      `UPDATE organizations SET deleted_at = ?1, updated_at = ?1 WHERE id = ?2 AND deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM sessions WHERE organization_id = ?2 AND status IN ('pending', 'processing'))`,
    )
    .bind(at, id);
}

/**
 * What a deleted organization takes with it, in the same batch as the soft
 * delete; each statement applies only once the organization is deleted.
 */
export function organizationTeardownStatements(d1: D1Database, id: string, at: string): Statement[] {
  const deleted = "EXISTS (SELECT 1 FROM organizations WHERE id = ?2 AND deleted_at IS NOT NULL)";
  return [
    d1.prepare(`DELETE FROM organization_members WHERE organization_id = ?2 AND ${deleted} AND ?1 = ?1`).bind(at, id),
    d1
      .prepare(
        `UPDATE organization_invitations SET revoked_at = ?1 WHERE organization_id = ?2 AND accepted_at IS NULL
         AND revoked_at IS NULL AND ${deleted}`,
      )
      .bind(at, id),
    d1
      .prepare(
        `UPDATE api_keys SET revoked_at = ?1 WHERE organization_id = ?2 AND (revoked_at IS NULL OR revoked_at > ?1)
         AND ${deleted}`,
      )
      .bind(at, id),
    d1.prepare(`DELETE FROM webhooks WHERE organization_id = ?2 AND ${deleted} AND ?1 = ?1`).bind(at, id),
  ];
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

export function insertInvitationStatement(d1: D1Database, row: InvitationRow): Statement {
  return d1
    .prepare(
      `INSERT INTO organization_invitations (id, organization_id, email, role, token_hash, invited_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(row.id, row.organizationId, row.email, row.role, row.tokenHash, row.invitedBy, row.createdAt, row.expiresAt);
}

/** Revoke the pending invitations to `email` (a new one replaces them). */
export function revokePendingForEmailStatement(
  d1: D1Database,
  organizationId: string,
  email: string,
  at: string,
): Statement {
  return d1
    .prepare(
      `UPDATE organization_invitations SET revoked_at = ? WHERE organization_id = ? AND email = ?
       AND accepted_at IS NULL AND revoked_at IS NULL`,
    )
    .bind(at, organizationId, email);
}

export function revokeInvitationStatement(d1: D1Database, organizationId: string, id: string, at: string): Statement {
  return d1
    .prepare(
      `UPDATE organization_invitations SET revoked_at = ? WHERE id = ? AND organization_id = ?
       AND accepted_at IS NULL AND revoked_at IS NULL`,
    )
    .bind(at, id, organizationId);
}

/** Use the invitation once: only while pending and unexpired. */
export function acceptInvitationStatement(d1: D1Database, id: string, userId: string, at: string): Statement {
  return d1
    .prepare(
      `UPDATE organization_invitations SET accepted_at = ?1, accepted_by = ?2 WHERE id = ?3
       AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?1`,
    )
    .bind(at, userId, id);
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
 * An audit row. `onlyIfChanged`: written only when the statement just before
 * it in the batch changed a row (a refused conditional write leaves no entry).
 */
export function insertAuditStatement(d1: D1Database, row: AuditRow, onlyIfChanged = false): Statement {
  return d1
    .prepare(
      `INSERT INTO audit_log (id, organization_id, actor_user_id, actor_credential, action, target_type, target_id,
       before, after, request_id, ip, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${onlyIfChanged ? "WHERE changes() = 1" : ""}`,
    )
    .bind(
      row.id,
      row.organizationId,
      row.actorUserId,
      row.actorCredential,
      row.action,
      row.targetType,
      row.targetId,
      row.before,
      row.after,
      row.requestId,
      row.ip,
      row.createdAt,
    );
}

export interface AuditFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** A page of the organization's audit log, newest first, and the total that matches. */
export async function listAudit(
  d1: D1Database,
  organizationId: string,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.actorId) conditions.push(eq(auditLog.actorUserId, filter.actorId));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  if (filter.since) conditions.push(gte(auditLog.createdAt, filter.since));
  if (filter.until) conditions.push(lte(auditLog.createdAt, filter.until));
  const where = and(...conditions);
  const [rows, totalRow] = await Promise.all([
    db(d1)
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset)
      .all(),
    db(d1).select({ n: count() }).from(auditLog).where(where).get(),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
