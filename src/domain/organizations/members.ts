import { findMember, listMembers, type OrgRole, removeMemberStatement, setRoleStatement } from "../../db/organizations";
import type { Store } from "../../db/store";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import type { Context, RequestMeta } from "../context";
import type { Principal } from "../identity/principal";
import { membershipIn } from "./access";
import { auditStatement } from "./audit";
import { cutOffMember } from "./cut-off";
import { checkRemoval, checkRoleChange, lastOwner, requireRole } from "./roles";

const memberNotFound = () =>
  new AppError("RESOURCE_NOT_FOUND", { message: "Member not found.", details: { resource: "member" } });

export async function membersOf(d1: Store, principal: Principal, organizationId: string) {
  await membershipIn(d1, principal, organizationId);
  return listMembers(d1, organizationId);
}

async function targetMember(d1: Store, organizationId: string, userId: string) {
  const found = await findMember(d1, organizationId, userId);
  if (!found) throw memberNotFound();
  return found;
}

export async function changeRole(
  d1: Store,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  userId: string,
  role: OrgRole,
  now = Date.now(),
) {
  const { role: actor } = await membershipIn(d1, principal, organizationId);
  const target = await targetMember(d1, organizationId, userId);
  checkRoleChange(actor, target.member.role, role);
  if (target.member.role === role) return target;
  const at = iso(now);
  const [updated] = await d1.batch([
    setRoleStatement(d1, organizationId, userId, role, at),
    auditStatement(
      d1,
      organizationId,
      principal,
      meta,
      {
        action: "member.role_changed",
        targetType: "user",
        targetId: userId,
        before: { role: target.member.role },
        after: { role },
      },
      { onlyIfChanged: true, now },
    ),
  ]);
  if (updated?.meta.changes !== 1) {
    if (await findMember(d1, organizationId, userId)) throw lastOwner();
    throw memberNotFound();
  }
  return { ...target, member: { ...target.member, role, updatedAt: at } };
}

/** Remove a member (admins; owners for an owner). Their access ends with this request. */
export async function removeMember(
  ctx: Context,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const { role: actor } = await membershipIn(ctx.db, principal, organizationId);
  const target = await targetMember(ctx.db, organizationId, userId);
  checkRemoval(actor, target.member.role);
  await deleteMembership(ctx, principal, meta, organizationId, userId, target.member.role, "member.removed", now);
}

/** Leave an organization (any member but its last owner). */
export async function leaveOrganization(
  ctx: Context,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  now = Date.now(),
): Promise<void> {
  if (principal.organization?.via === "api_key") {
    throw new AppError("ORGANIZATION_ROLE_REQUIRED", {
      message: "An organization API key cannot leave its organization; revoke the key instead.",
      details: { required_role: "person" },
    });
  }
  const { role } = await membershipIn(ctx.db, principal, organizationId);
  await deleteMembership(ctx, principal, meta, organizationId, principal.userId, role, "member.left", now);
}

async function deleteMembership(
  ctx: Context,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  userId: string,
  role: OrgRole,
  action: "member.removed" | "member.left",
  now: number,
): Promise<void> {
  const [deleted] = await ctx.db.batch([
    removeMemberStatement(ctx.db, organizationId, userId),
    auditStatement(
      ctx.db,
      organizationId,
      principal,
      meta,
      { action, targetType: "user", targetId: userId, before: { role } },
      { onlyIfChanged: true, now },
    ),
  ]);
  if (deleted?.meta.changes !== 1) {
    if (await findMember(ctx.db, organizationId, userId)) throw lastOwner();
    throw memberNotFound();
  }
  await cutOffMember(ctx, organizationId, userId);
}

/** The owner hands ownership to another member and becomes an admin. */
export async function transferOwnership(
  d1: Store,
  principal: Principal,
  meta: RequestMeta,
  organizationId: string,
  userId: string,
  now = Date.now(),
): Promise<void> {
  const { role } = await membershipIn(d1, principal, organizationId);
  requireRole(role, "owner");
  if (userId === principal.userId) {
    throw new AppError("INVALID_FIELD_VALUE", {
      message: "user_id: you already own this organization; name another member.",
      details: { field: "user_id", reason: "must be another member" },
    });
  }
  const target = await targetMember(d1, organizationId, userId);
  const at = iso(now);
  const [promoted, demoted] = await d1.batch([
    setRoleStatement(d1, organizationId, userId, "owner", at),
    setRoleStatement(d1, organizationId, principal.userId, "admin", at),
    auditStatement(
      d1,
      organizationId,
      principal,
      meta,
      {
        action: "ownership.transferred",
        targetType: "user",
        targetId: userId,
        before: { owner: principal.userId, role: target.member.role },
        after: { owner: userId, previous_owner_role: "admin" },
      },
      { onlyIfChanged: true, now },
    ),
  ]);
  if (promoted?.meta.changes !== 1 || demoted?.meta.changes !== 1) throw memberNotFound();
}
