import { and, eq } from "drizzle-orm";
import { db, schema } from "./client";
import type { OrgRole } from "./organization-members";
import type { Statement } from "./store";

const { organizationInvitations } = schema;
export type InvitationRow = typeof organizationInvitations.$inferSelect;

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
