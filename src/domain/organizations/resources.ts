import type { AuditReadRow } from "../../db/audit-log";
import type { InvitationRow } from "../../db/organization-invitations";
import type { OrganizationRow } from "../../db/organizations";
import { invitationState } from "./invitations";

/** The API shapes of organizations, members, invitations and audit entries. */

export const organizationResource = (o: OrganizationRow, role: string) => ({
  id: o.id,
  name: o.name,
  role: role as "owner" | "admin" | "member",
  require_mfa: o.requireMfa,
  created_at: o.createdAt,
  updated_at: o.updatedAt,
});

/** `mfaEnabled`: undefined when the viewer may not see it (docs/decisions.md "Organizations that require MFA"). */
export const memberResource = (m: {
  member: { userId: string; role: string; createdAt: string };
  email: string;
  username: string;
  mfaEnabled?: boolean | undefined;
  managedBy?: string | null | undefined;
}) => ({
  user_id: m.member.userId,
  email: m.email,
  username: m.username,
  role: m.member.role as "owner" | "admin" | "member",
  mfa_enabled: m.mfaEnabled ?? null,
  managed_by: m.managedBy ?? null,
  joined_at: m.member.createdAt,
});

/** An invitation as the API shows it; its status as of `now` (the unit of work's clock). */
export const invitationResource = (i: InvitationRow, now: number) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: invitationState(i, now),
  invited_by: i.invitedBy,
  created_at: i.createdAt,
  expires_at: i.expiresAt,
});

const parse = (s: string | null) => (s === null ? null : (JSON.parse(s) as Record<string, unknown>));

export const auditResource = (r: AuditReadRow) => ({
  id: r.id,
  action: r.action,
  actor: { user_id: r.actorUserId, username: r.actorUsername, email: r.actorEmail, credential: r.actorCredential },
  target: { type: r.targetType, id: r.targetId },
  before: parse(r.before),
  after: parse(r.after),
  request_id: r.requestId,
  ip: r.ip,
  created_at: r.createdAt,
});
