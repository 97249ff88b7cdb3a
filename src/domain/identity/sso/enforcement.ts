import { passwordFamiliesOfEnforcedMembers } from "../../../db/sso-connections";
import type { UserContext } from "../../context";
import { auditStatement } from "../../organizations/audit";
import { revokeGrantFamily } from "../refresh-rotation";

/**
 * Enforce-SSO applies to members whose email is in a verified domain of the organization: from the
 * moment it does (a connection enforced, or a domain verified while one is), their earlier
 * password-based sign-ins end too — every refresh family not bound to a connection, its access
 * tokens (revocation list) and the sockets they opened — not only the next password login.
 * Recorded in the organization's audit log. Returns how many sign-ins ended.
 */
export async function endPasswordSignIns(ctx: UserContext, input: { organizationId: string }): Promise<number> {
  const { organizationId } = input;
  const families = await passwordFamiliesOfEnforcedMembers(ctx.db, organizationId);
  if (families.length === 0) return 0;
  await Promise.all(families.map((f) => revokeGrantFamily(ctx, f.family_id)));
  await ctx.commit([
    auditStatement(ctx, {
      organizationId,
      entry: {
        action: "sso.enforced_sign_ins_ended",
        targetType: "organization",
        targetId: organizationId,
        after: { sign_ins: families.length, members: new Set(families.map((f) => f.user_id)).size },
      },
    }),
  ]);
  return families.length;
}
