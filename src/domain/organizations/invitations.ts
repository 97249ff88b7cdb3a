import {
  acceptInvitationStatement,
  findInvitation,
  findInvitationByHash,
  type InvitationRow,
  insertInvitationStatement,
  pendingInvitations,
  revokeInvitationStatement,
  revokePendingForEmailStatement,
} from "../../db/organization-invitations";
import {
  findMembership,
  insertMemberIfChangedStatement,
  memberByEmail,
  type OrgRole,
} from "../../db/organization-members";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import type { UserContext } from "../context";
import { queueMail } from "../mail/outbox";
import { membershipIn } from "./access";
import { auditStatement } from "./audit";
import { atLeast, checkInvite, requireRole } from "./roles";

/** An invitation can be accepted for 7 days (docs/decisions.md, "Organizations"). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** `soi_` + 256 random bits: recognisable in logs and secret scanners, like `sak_` keys. */
const TOKEN_PREFIX = "soi_";

const invitationNotFound = () =>
  new AppError("RESOURCE_NOT_FOUND", { message: "Invitation not found.", details: { resource: "invitation" } });

export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

export function invitationState(row: InvitationRow, now: number): InvitationState {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return Date.parse(row.expiresAt) <= now ? "expired" : "pending";
}

/**
 * Invite by email with a role (admins; owners for `owner`). The token is
 * returned to the inviter once, stored as SHA-256, and mailed: the message is
 * committed to the mail outbox in the invitation's batch (`mailId`, to deliver
 * after it). Without a mail service nothing is created (503). A new invitation
 * to the same email replaces a pending one.
 */
export async function invite(
  ctx: UserContext,
  input: { organizationId: string; email: string; role: OrgRole },
): Promise<{ invitation: InvitationRow; token: string; mailId: string }> {
  const { principal } = ctx;
  const { organizationId } = input;
  const now = ctx.now();
  const { organization, role } = await membershipIn(ctx, input);
  checkInvite(role, input.role);
  const email = input.email.trim().toLowerCase();
  if (await memberByEmail(ctx.db, organizationId, email)) {
    throw new AppError("ALREADY_A_MEMBER", { details: { email } });
  }
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const invitation: InvitationRow = {
    id: newId("inv", now),
    organizationId,
    email,
    role: input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: principal.userId,
    createdAt: iso(now),
    expiresAt: iso(now + INVITATION_LIFETIME_MS),
    acceptedAt: null,
    acceptedBy: null,
    revokedAt: null,
  };
  const inviter = (await findUserById(ctx.db, principal.userId))?.email ?? "A member";
  const mail = await queueMail(ctx, {
    to: email,
    organizationId,
    // An admin must not read an owner invitation's token in the development outbox.
    readableBy: input.role === "owner" ? "owner" : "admin",
    template: {
      type: "organization.invitation",
      organization: organization.name,
      inviter,
      role: input.role,
      token,
      invitationId: invitation.id,
      expiresAt: invitation.expiresAt,
    },
  });
  await ctx.commit([
    revokePendingForEmailStatement(ctx.db, organizationId, email, invitation.createdAt),
    insertInvitationStatement(ctx.db, invitation),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "invitation.created",
        targetType: "invitation",
        targetId: invitation.id,
        after: { email, role: input.role, expires_at: invitation.expiresAt },
      },
    }),
    mail.statement,
  ]);
  return { invitation, token, mailId: mail.id };
}

export async function listInvitations(ctx: UserContext, input: { organizationId: string }) {
  const { role } = await membershipIn(ctx, input);
  requireRole(role, "admin");
  return pendingInvitations(ctx.db, input.organizationId, iso(ctx.now()));
}

export async function revokeInvitation(
  ctx: UserContext,
  input: { organizationId: string; invitationId: string },
): Promise<void> {
  const { organizationId, invitationId } = input;
  const d1 = ctx.db;
  const now = ctx.now();
  const { role } = await membershipIn(ctx, input);
  requireRole(role, "admin");
  const invitation = await findInvitation(d1, organizationId, invitationId);
  if (!invitation) throw invitationNotFound();
  if (invitation.role === "owner") requireRole(role, "owner");
  const state = invitationState(invitation, now);
  if (state === "accepted" || state === "revoked") throw new AppError("INVITATION_USED", { details: { state } });
  const [revoked] = await ctx.commit([
    revokeInvitationStatement(d1, organizationId, invitationId, iso(now)),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "invitation.revoked",
        targetType: "invitation",
        targetId: invitationId,
        before: { email: invitation.email, role: invitation.role },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (revoked?.meta.changes !== 1) throw new AppError("INVITATION_USED");
}

/**
 * Accept with the token, signed in as the invited email. The invitation is
 * used once: a conditional update, then the membership and the audit entry in
 * the same batch only if that update applied.
 */
export async function acceptInvitation(
  ctx: UserContext,
  input: { token: string },
): Promise<{ organizationId: string; role: OrgRole }> {
  const { db: d1, principal } = ctx;
  const token = input.token;
  if (principal.organization?.via === "api_key" || principal.boundOrganization) {
    // A sign-on token acts for its connection's organization only (docs/sso.md): not to join another.
    throw new AppError("ORGANIZATION_ROLE_REQUIRED", {
      message: "Invitations are accepted by a person signed in as themself, not an organization API key or sign-on.",
      details: { required_role: "person" },
    });
  }
  const invitation = await findInvitationByHash(d1, await sha256Hex(token.trim()));
  if (!invitation) throw invitationNotFound();
  return acceptFoundInvitation(ctx, { invitation });
}

/**
 * Accepts an invitation already found (by its mailed token, or by id for its addressee: GET
 * /v1/users/me/invitations), for the caller: the verified holder of the address it was sent to.
 */
export async function acceptFoundInvitation(
  ctx: UserContext,
  input: { invitation: InvitationRow },
): Promise<{ organizationId: string; role: OrgRole }> {
  const { db: d1, principal } = ctx;
  const { invitation } = input;
  const now = ctx.now();
  const user = await findUserById(d1, principal.userId);
  if (user?.email !== invitation.email) throw new AppError("INVITATION_EMAIL_MISMATCH");
  // The invitation trusts the address: only its proven holder may use it (issue 27, item 5).
  if (user.emailVerifiedAt === null) {
    throw new AppError("EMAIL_NOT_VERIFIED", {
      message: "Verify your email address before accepting an invitation sent to it.",
      details: { email: user.email },
    });
  }
  const state = invitationState(invitation, now);
  if (state === "accepted" || state === "revoked") throw new AppError("INVITATION_USED", { details: { state } });
  if (state === "expired") throw new AppError("INVITATION_EXPIRED", { details: { expired_at: invitation.expiresAt } });
  if (await findMembership(d1, invitation.organizationId, principal.userId)) throw new AppError("ALREADY_A_MEMBER");
  // The role an invitation grants never exceeds its inviter's, when sent (checkInvite) and when
  // accepted: an admin removed or demoted after inviting an accomplice cannot still let them in.
  const inviter = await findMembership(d1, invitation.organizationId, invitation.invitedBy);
  if (!inviter || !atLeast(inviter.role, invitation.role === "owner" ? "owner" : "admin")) {
    throw new AppError("INVITER_ROLE_LOST", { details: { role: invitation.role } });
  }
  const at = iso(now);
  const [accepted, joined] = await ctx.commit([
    acceptInvitationStatement(d1, invitation.id, principal.userId, at),
    insertMemberIfChangedStatement(d1, {
      organizationId: invitation.organizationId,
      userId: principal.userId,
      role: invitation.role,
      createdAt: at,
      updatedAt: at,
    }),
    auditStatement(ctx, {
      organizationId: invitation.organizationId,
      entry: {
        action: "invitation.accepted",
        targetType: "invitation",
        targetId: invitation.id,
        after: { user_id: principal.userId, role: invitation.role },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (accepted?.meta.changes !== 1 || joined?.meta.changes !== 1) throw new AppError("INVITATION_USED");
  return { organizationId: invitation.organizationId, role: invitation.role };
}
