import {
  findMembership,
  ownerCount,
  removeMemberStatement,
  upsertDirectoryMemberStatement,
} from "../../../db/organization-members";
import { liveOrganizationSignIns, revokeOrganizationSignInsStatement } from "../../../db/refresh-tokens";
import { rememberRevokedSessions, revokeSessionStatement } from "../../../db/revocations";
import type { ScimConnectionRow } from "../../../db/scim-connections";
import { groupsOfScimUser, type ScimUserRow } from "../../../db/scim-users";
import type { Statement } from "../../../db/store";
import { iso } from "../../../lib/clock";
import type { Context } from "../../context";
import { auditStatement } from "../../organizations/audit";
import { cutOffGrant, cutOffMember } from "../../organizations/cut-off";
import { LOGIN_TOKEN_TTL } from "../access-tokens";
import { directoryActor } from "./access";
import type { DirectoryRole } from "./connections";
import { ScimError } from "./errors";

/**
 * What a directory's user may do in the organization follows the directory (docs/sso.md "SCIM"):
 * active → a member with the role its groups map to; inactive or deleted → no access at all.
 */

/**
 * The highest role the user's groups map to, else the connection's default; never owner. `group`:
 * the group a write is changing, as it will be (`key` null: the user leaves it or it is deleted).
 */
export async function directoryRoleOf(
  ctx: Context,
  input: { connection: ScimConnectionRow; scimUserId: string; group?: { id: string; key: string | null } },
): Promise<DirectoryRole> {
  const mapping = JSON.parse(input.connection.groupRoles) as Record<string, DirectoryRole>;
  const { group } = input;
  const keys = (await groupsOfScimUser(ctx.db, input.scimUserId))
    .filter((g) => g.groupId !== group?.id)
    .map((g) => g.displayKey);
  if (group?.key) keys.push(group.key);
  if (keys.some((k) => mapping[k] === "admin")) return "admin";
  if (keys.some((k) => mapping[k] === "member")) return "member";
  return input.connection.defaultRole === "admin" ? "admin" : "member";
}

/**
 * The statements that make an active directory user a member with `role` (or give a member that
 * role; an owner keeps being owner), audited, for the caller's batch.
 */
export async function membershipStatements(
  ctx: Context,
  input: { connection: ScimConnectionRow; scimUser: ScimUserRow; role: DirectoryRole },
): Promise<Statement[]> {
  const { connection, scimUser, role } = input;
  const organizationId = connection.organizationId;
  const current = await findMembership(ctx.db, organizationId, scimUser.userId);
  if (current && (current.role === role || current.role === "owner")) return [];
  const at = iso(ctx.now());
  const actor = directoryActor(connection);
  return [
    upsertDirectoryMemberStatement(ctx.db, {
      organizationId,
      userId: scimUser.userId,
      role,
      createdAt: at,
      updatedAt: at,
    }),
    auditStatement(ctx, {
      organizationId,
      actor,
      entry: current
        ? {
            action: "member.role_changed",
            targetType: "user",
            targetId: scimUser.userId,
            before: { role: current.role },
            after: { role, via: connection.id },
          }
        : {
            action: "member.joined",
            targetType: "user",
            targetId: scimUser.userId,
            after: { role, via: connection.id },
          },
      onlyIfChanged: true,
    }),
  ];
}

/**
 * Deprovisioning (`active: false` or DELETE): in one batch with the directory's own write (`write`:
 * the user row's update or deletion, and its audit entry), the membership ends, and so do the
 * sign-ins made through the organization's sign-on (their refresh tokens, and their access tokens
 * by the revocation list). Personal API keys and tokens acting for the organization by header stop
 * with the membership (it is read on every request). After the commit, the live sockets on the
 * organization's sessions close. What the person created for the organization stays its own.
 * The organization's last owner is refused (`mutability`): ownership is handed over in the service.
 */
export async function endOrganizationAccess(
  ctx: Context,
  input: { connection: ScimConnectionRow; scimUser: ScimUserRow; write: Statement[] },
): Promise<void> {
  const { connection, scimUser, write } = input;
  const organizationId = connection.organizationId;
  const userId = scimUser.userId;
  const membership = await findMembership(ctx.db, organizationId, userId);
  if (membership?.role === "owner" && (await ownerCount(ctx.db, organizationId)) <= 1) {
    throw new ScimError(
      400,
      "this user is the organization's last owner: transfer ownership in the service before deprovisioning them",
      "mutability",
    );
  }
  const now = ctx.now();
  const at = iso(now);
  const signIns = await liveOrganizationSignIns(ctx.db, userId, organizationId);
  const actor = directoryActor(connection);
  await ctx.commit([
    ...write,
    ...(membership
      ? [
          removeMemberStatement(ctx.db, organizationId, userId),
          auditStatement(ctx, {
            organizationId,
            actor,
            entry: {
              action: "member.removed",
              targetType: "user",
              targetId: userId,
              before: { role: membership.role },
              after: { via: connection.id, sign_ins_ended: signIns.length },
            },
            onlyIfChanged: true,
          }),
        ]
      : []),
    ...signIns.map((sid) => revokeSessionStatement(ctx.db, sid, LOGIN_TOKEN_TTL, now)),
    revokeOrganizationSignInsStatement(ctx.db, { userId, organizationId, at }),
  ]);
  rememberRevokedSessions(signIns);
  await Promise.all([
    cutOffMember(ctx, { organizationId, userId }),
    ...signIns.map((sid) => cutOffGrant(ctx, { sid })),
  ]);
}
