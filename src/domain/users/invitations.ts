import { invitationById, pendingInvitationsTo } from "../../db/my-invitations";
import { findUserById } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { acceptFoundInvitation } from "../organizations/invitations";

/** An invitation as its addressee sees it (GET /v1/users/me/invitations). */
export interface MyInvitation {
  id: string;
  organization: { id: string; name: string };
  inviter: string;
  role: "owner" | "admin" | "member";
  expires_at: string;
  created_at: string;
}

/**
 * The pending invitations sent to the caller's email, once its holder verified it: an unverified
 * address proves nothing, so it sees none (and `email_verified: false` says why).
 */
export async function myInvitations(
  ctx: UserContext,
): Promise<{ email_verified: boolean; invitations: MyInvitation[] }> {
  const user = await findUserById(ctx.db, ctx.principal.userId);
  if (!user?.emailVerifiedAt) return { email_verified: false, invitations: [] };
  const rows = await pendingInvitationsTo(ctx.db, user.email, iso(ctx.now()));
  return {
    email_verified: true,
    invitations: rows.map((r) => ({
      id: r.id,
      organization: { id: r.organization_id, name: r.organization_name },
      inviter: r.inviter_username ?? "a former member",
      role: r.role,
      expires_at: r.expires_at,
      created_at: r.created_at,
    })),
  };
}

/**
 * Accepts an invitation by id for its addressee: the same proof as the mailed token (the verified
 * holder of the address it went to), with the same checks (organizations/invitations.ts). One sent
 * to another address is 404, as if it did not exist.
 */
export async function acceptMyInvitation(ctx: UserContext, input: { id: string }) {
  const [invitation, user] = await Promise.all([
    invitationById(ctx.db, input.id),
    findUserById(ctx.db, ctx.principal.userId),
  ]);
  if (!invitation || !user || invitation.email !== user.email)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "Invitation not found.", details: { resource: "invitation" } });
  return acceptFoundInvitation(ctx, { invitation });
}
