import { AppError } from "../../errors";
import type { OrganizationRole } from "../identity/principal";

/**
 * The organization role rules, without I/O. owner > admin > member.
 * - members read; admins manage members, invitations, org webhooks and keys;
 * - only owners make owners, change or remove an owner, delete the
 *   organization, transfer ownership and change its plan;
 * - the last owner cannot leave or be demoted (also guarded in SQL).
 */
const RANK: Record<OrganizationRole, number> = { member: 0, admin: 1, owner: 2 };

export function atLeast(role: OrganizationRole, needed: OrganizationRole): boolean {
  return RANK[role] >= RANK[needed];
}

export function requireRole(role: OrganizationRole, needed: OrganizationRole): void {
  if (!atLeast(role, needed)) {
    throw new AppError("ORGANIZATION_ROLE_REQUIRED", {
      message: `This operation needs the ${needed} role in the organization (you are ${role === "admin" ? "an" : "a"} ${role}).`,
      details: { required_role: needed, role },
    });
  }
}

/** May `actor` give `target` (currently `from`) the role `to`? Throws the reason when not. */
export function checkRoleChange(actor: OrganizationRole, from: OrganizationRole, to: OrganizationRole): void {
  requireRole(actor, "admin");
  if (to === "owner" || from === "owner") requireRole(actor, "owner");
}

/** May `actor` remove a member whose role is `target`? */
export function checkRemoval(actor: OrganizationRole, target: OrganizationRole): void {
  requireRole(actor, "admin");
  if (target === "owner") requireRole(actor, "owner");
}

/** May `actor` invite someone with `role`? */
export function checkInvite(actor: OrganizationRole, role: OrganizationRole): void {
  requireRole(actor, "admin");
  if (role === "owner") requireRole(actor, "owner");
}

export const lastOwner = () =>
  new AppError("LAST_OWNER", {
    message: "An organization must keep at least one owner: transfer ownership or promote another owner first.",
  });
