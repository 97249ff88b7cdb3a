import type { Store } from "./store";

/** A pending invitation addressed to an email, as its addressee sees it. */
export interface AddressedInvitationRow {
  id: string;
  organization_id: string;
  organization_name: string;
  role: "owner" | "admin" | "member";
  inviter_username: string | null;
  expires_at: string;
  created_at: string;
}

/** Pending invitations to `email` (not accepted, revoked or expired) of live organizations, newest first. */
export async function pendingInvitationsTo(db: Store, email: string, now: string): Promise<AddressedInvitationRow[]> {
  const { results } = await db
    .prepare(
      `SELECT i.id, i.organization_id, o.name AS organization_name, i.role, u.username AS inviter_username,
              i.expires_at, i.created_at
         FROM organization_invitations i
         JOIN organizations o ON o.id = i.organization_id AND o.deleted_at IS NULL
         LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.email = ?1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?2
        ORDER BY i.created_at DESC, i.id`,
    )
    .bind(email, now)
    .all<AddressedInvitationRow>();
  return results;
}

/** One invitation by id, whatever its state (the caller checks it is addressed to them). */
export async function invitationById(db: Store, id: string) {
  return db
    .prepare(
      `SELECT id, organization_id AS organizationId, email, role, token_hash AS tokenHash, invited_by AS invitedBy,
              created_at AS createdAt, expires_at AS expiresAt, accepted_at AS acceptedAt, accepted_by AS acceptedBy,
              revoked_at AS revokedAt
         FROM organization_invitations WHERE id = ?1`,
    )
    .bind(id)
    .first<{
      id: string;
      organizationId: string;
      email: string;
      role: "owner" | "admin" | "member";
      tokenHash: string;
      invitedBy: string;
      createdAt: string;
      expiresAt: string;
      acceptedAt: string | null;
      acceptedBy: string | null;
      revokedAt: string | null;
    }>();
}
