import { and, asc, count, eq, isNull } from "drizzle-orm";
import { db, schema } from "./client";
import type { Statement } from "./store";

const { organizations, organizationMembers } = schema;
export type OrganizationRow = typeof organizations.$inferSelect;

// Writes go through D1 batches of prepared statements: a change and its audit row commit together
// or not at all (ARCHITECTURE pattern 4). Conditional statements guard the rules races could break.

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

export function insertOrganizationStatement(d1: D1Database, row: OrganizationRow): Statement {
  return d1
    .prepare("INSERT INTO organizations (id, name, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
    .bind(row.id, row.name, row.createdBy, row.createdAt, row.updatedAt);
}

export function renameOrganizationStatement(d1: D1Database, id: string, name: string, at: string): Statement {
  return d1
    .prepare("UPDATE organizations SET name = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL")
    .bind(name, at, id);
}

/** Set whether members need a second factor (src/domain/organizations/access.ts memberOf). */
export function setRequireMfaStatement(d1: D1Database, id: string, requireMfa: boolean, at: string): Statement {
  return d1
    .prepare("UPDATE organizations SET require_mfa = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL")
    .bind(requireMfa ? 1 : 0, at, id);
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
