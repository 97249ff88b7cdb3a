import {
  findMember,
  listMembers,
  type OrgRole,
  removeMemberStatement,
  setRoleStatement,
} from "../../db/organization-members";
import type { Store } from "../../db/store";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { UserContext } from "../context";
import { membershipIn } from "./access";
import { auditStatement } from "./audit";
import { cutOffMember } from "./cut-off";
import { atLeast, checkRemoval, checkRoleChange, lastOwner, requireRole } from "./roles";

const memberNotFound = () =>
  new AppError("RESOURCE_NOT_FOUND", { message: "Member not found.", details: { resource: "member" } });

/**
 * The members; whether each has a second factor is shown to admins and owners only (who has none is
 * a list of the weakest accounts to aim at), as GitHub shows it to organization owners.
 */
export async function membersOf(ctx: UserContext, input: { organizationId: string }) {
  const { role } = await membershipIn(ctx, input);
  const rows = await listMembers(ctx.db, input.organizationId);
  return atLeast(role, "admin") ? rows : rows.map(({ mfaEnabled: _hidden, ...row }) => row);
}

async function targetMember(d1: Store, organizationId: string, userId: string) {
  const found = await findMember(d1, organizationId, userId);
  if (!found) throw memberNotFound();
  return found;
}

export async function changeRole(ctx: UserContext, input: { organizationId: string; userId: string; role: OrgRole }) {
  const { organizationId, userId, role } = input;
  const d1 = ctx.db;
  const { role: actor } = await membershipIn(ctx, input);
  const target = await targetMember(d1, organizationId, userId);
  checkRoleChange(actor, target.member.role, role);
  if (target.member.role === role) return target;
  const at = iso(ctx.now());
  const [updated] = await ctx.commit([
    setRoleStatement(d1, organizationId, userId, role, at),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "member.role_changed",
        targetType: "user",
        targetId: userId,
        before: { role: target.member.role },
        after: { role },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (updated?.meta.changes !== 1) {
    if (await findMember(d1, organizationId, userId)) throw lastOwner();
    throw memberNotFound();
  }
  return { ...target, member: { ...target.member, role, updatedAt: at } };
}

/** Remove a member (admins; owners for an owner). Their access ends with this request. */
export async function removeMember(ctx: UserContext, input: { organizationId: string; userId: string }): Promise<void> {
  const { role: actor } = await membershipIn(ctx, input);
  const target = await targetMember(ctx.db, input.organizationId, input.userId);
  checkRemoval(actor, target.member.role);
  await deleteMembership(ctx, { ...input, role: target.member.role, action: "member.removed" });
}

/** Leave an organization (any member but its last owner). */
export async function leaveOrganization(ctx: UserContext, input: { organizationId: string }): Promise<void> {
  if (ctx.principal.organization?.via === "api_key") {
    throw new AppError("ORGANIZATION_ROLE_REQUIRED", {
      message: "An organization API key cannot leave its organization; revoke the key instead.",
      details: { required_role: "person" },
    });
  }
  // Leaving touches only the caller's own membership: allowed while the organization requires MFA.
  const { role } = await membershipIn(ctx, { ...input, ownMembership: true });
  await deleteMembership(ctx, {
    organizationId: input.organizationId,
    userId: ctx.principal.userId,
    role,
    action: "member.left",
  });
}

async function deleteMembership(
  ctx: UserContext,
  input: { organizationId: string; userId: string; role: OrgRole; action: "member.removed" | "member.left" },
): Promise<void> {
  const { organizationId, userId, role, action } = input;
  const [deleted] = await ctx.commit([
    removeMemberStatement(ctx.db, organizationId, userId),
    auditStatement(ctx, {
      organizationId,
      entry: { action, targetType: "user", targetId: userId, before: { role } },
      onlyIfChanged: true,
    }),
  ]);
  if (deleted?.meta.changes !== 1) {
    if (await findMember(ctx.db, organizationId, userId)) throw lastOwner();
    throw memberNotFound();
  }
  await cutOffMember(ctx, { organizationId, userId });
}

/** The owner hands ownership to another member and becomes an admin. */
export async function transferOwnership(
  ctx: UserContext,
  input: { organizationId: string; userId: string },
): Promise<void> {
  const { organizationId, userId } = input;
  const { db: d1, principal } = ctx;
  const { role } = await membershipIn(ctx, input);
  requireRole(role, "owner");
  if (userId === principal.userId) {
    throw new AppError("INVALID_FIELD_VALUE", {
      message: "user_id: you already own this organization; name another member.",
      details: { field: "user_id", reason: "must be another member" },
    });
  }
  const target = await targetMember(d1, organizationId, userId);
  const at = iso(ctx.now());
  const [promoted, demoted] = await ctx.commit([
    setRoleStatement(d1, organizationId, userId, "owner", at),
    setRoleStatement(d1, organizationId, principal.userId, "admin", at),
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "ownership.transferred",
        targetType: "user",
        targetId: userId,
        before: { owner: principal.userId, role: target.member.role },
        after: { owner: userId, previous_owner_role: "admin" },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (promoted?.meta.changes !== 1 || demoted?.meta.changes !== 1) throw memberNotFound();
}
