import { AppError } from "../../../errors";
import type { OrganizationRole } from "../principal";

const RANK: Record<OrganizationRole, number> = { member: 1, admin: 2, owner: 3 };

/**
 * The role an IdP's groups map to (SAML attribute, OIDC claim): the highest mapped one (groups
 * compared case-insensitively), else the default; no mapped group and no default refuses sign-in.
 */
export function roleOf(
  config: { group_roles: Record<string, OrganizationRole>; default_role: OrganizationRole | null },
  groups: string[],
): OrganizationRole {
  const mapping = new Map(Object.entries(config.group_roles).map(([k, v]) => [k.toLowerCase(), v]));
  let role = config.default_role;
  for (const g of groups) {
    const mapped = mapping.get(g.toLowerCase());
    if (mapped && (!role || RANK[mapped] > RANK[role])) role = mapped;
  }
  if (!role) throw new AppError("INSUFFICIENT_PERMISSIONS", { message: "No group of this user is mapped to a role." });
  return role;
}
