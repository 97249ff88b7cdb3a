import { and, eq, isNull } from "drizzle-orm";
import { organizations, ssoConnections } from "../../drizzle/schema";
import { db, statementOf } from "./client";

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;

export function insertConnectionStatement(d1: D1Database, row: SsoConnectionRow): D1PreparedStatement {
  const q = db(d1).insert(ssoConnections).values(row);
  return statementOf(d1, q);
}

/** Writes a connection's editable fields (name, enforced, config, sealed secret) if it is still the organization's. */
export function updateConnectionStatement(d1: D1Database, row: SsoConnectionRow): D1PreparedStatement {
  const q = db(d1)
    .update(ssoConnections)
    .set({
      name: row.name,
      enforced: row.enforced,
      config: row.config,
      secretSealed: row.secretSealed,
      updatedAt: row.updatedAt,
    })
    .where(and(eq(ssoConnections.id, row.id), eq(ssoConnections.organizationId, row.organizationId)));
  return statementOf(d1, q);
}

export function deleteConnectionStatement(d1: D1Database, organizationId: string, id: string): D1PreparedStatement {
  const q = db(d1)
    .delete(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.organizationId, organizationId)));
  return statementOf(d1, q);
}

export async function findConnection(d1: D1Database, id: string): Promise<SsoConnectionRow | undefined> {
  return db(d1).select().from(ssoConnections).where(eq(ssoConnections.id, id)).get();
}

/** A connection whose organization is live (a deleted organization's connections sign no one in). */
export async function findLiveConnection(d1: D1Database, id: string): Promise<SsoConnectionRow | undefined> {
  return db(d1)
    .select({ connection: ssoConnections })
    .from(ssoConnections)
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .where(and(eq(ssoConnections.id, id), isNull(organizations.deletedAt)))
    .get()
    .then((row) => row?.connection);
}

export async function findConnectionOf(
  d1: D1Database,
  organizationId: string,
  id: string,
): Promise<SsoConnectionRow | undefined> {
  return db(d1)
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.organizationId, organizationId)))
    .get();
}

export async function connectionsOf(d1: D1Database, organizationId: string): Promise<SsoConnectionRow[]> {
  return db(d1).select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId)).all();
}

/** The enforced connections of every live organization `userId` belongs to. */
export async function enforcedConnectionsOfUser(d1: D1Database, userId: string) {
  const { results } = await d1
    .prepare(
      `SELECT c.id, c.kind, c.organization_id FROM sso_connections c
       JOIN organization_members m ON m.organization_id = c.organization_id
       JOIN organizations o ON o.id = c.organization_id AND o.deleted_at IS NULL
       WHERE m.user_id = ? AND c.enforced = 1`,
    )
    .bind(userId)
    .all<{ id: string; kind: "saml" | "ldap" | "oidc"; organization_id: string }>();
  return results;
}

/**
 * The password-based sign-ins (refresh families not bound to an organization's connection: the
 * password login's, and OAuth grants made after a password sign-in) of the organization's members
 * whose email is in one of its verified domains: what turning enforce-SSO on ends.
 */
export async function passwordFamiliesOfEnforcedMembers(d1: D1Database, organizationId: string) {
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT r.family_id, r.user_id FROM refresh_tokens r
       JOIN organization_members m ON m.user_id = r.user_id AND m.organization_id = ?1
       JOIN users u ON u.id = r.user_id
       JOIN sso_domains d ON d.organization_id = ?1 AND d.verified_at IS NOT NULL
         AND d.domain = substr(u.email, instr(u.email, '@') + 1)
       WHERE r.organization_id IS NULL AND r.revoked_at IS NULL
         AND EXISTS (SELECT 1 FROM sso_connections c WHERE c.organization_id = ?1 AND c.enforced = 1)`,
    )
    .bind(organizationId)
    .all<{ family_id: string; user_id: string }>();
  return results;
}
