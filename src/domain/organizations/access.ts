import { findLiveOrganization, findMembership, type OrganizationRow } from "../../db/organizations";
import { AppError } from "../../errors";
import type { OrganizationRole, Principal } from "../identity/principal";

/** The one convention for acting as an organization (like Stripe's `Stripe-Account`). */
export const ORGANIZATION_HEADER = "X-Organization-Id";

export const ORGANIZATION_ID_PATTERN = /^org_\d{1,30}$/;

export const organizationNotFound = () =>
  new AppError("RESOURCE_NOT_FOUND", {
    message: "Organization not found.",
    details: { resource: "organization" },
  });

/**
 * The organization a request acts for, from D1 as it is now (issue #13):
 * an organization API key always acts for its organization; otherwise the
 * `X-Organization-Id` header names one the caller must be a member of.
 * Not a member, or no such organization → 404 (never a hint that it exists).
 */
export async function resolveActingOrganization(
  d1: D1Database,
  principal: Principal,
  header: string | undefined,
): Promise<Principal> {
  const requested = header?.trim() || undefined;
  if (requested !== undefined && !ORGANIZATION_ID_PATTERN.test(requested)) {
    // A malformed header is a bad request (400), as for X-Client-Version (docs/errors.md).
    throw new AppError("INVALID_FIELD_VALUE", {
      message: "X-Organization-Id: must look like org_<digits>",
      details: { field: "X-Organization-Id", reason: "must look like org_<digits>", location: "header" },
      status: 400,
    });
  }
  if (principal.organization?.via === "api_key") {
    if (requested !== undefined && requested !== principal.organization.id) throw organizationNotFound();
    if (!(await findLiveOrganization(d1, principal.organization.id))) throw organizationNotFound();
    return principal;
  }
  if (requested === undefined) return principal;
  const found = await findMembership(d1, requested, principal.userId);
  if (!found) throw organizationNotFound();
  return { ...principal, organization: { id: requested, role: found.role, via: "header" } };
}

/**
 * The caller's role in organization `id` (a route's path), read now. An
 * organization API key reaches only its own organization, as a member.
 */
export async function membershipIn(
  d1: D1Database,
  principal: Principal,
  id: string,
): Promise<{ organization: OrganizationRow; role: OrganizationRole }> {
  if (principal.organization?.via === "api_key") {
    if (principal.organization.id !== id) throw organizationNotFound();
    const organization = await findLiveOrganization(d1, id);
    if (!organization) throw organizationNotFound();
    return { organization, role: principal.organization.role };
  }
  const found = await findMembership(d1, id, principal.userId);
  if (!found) throw organizationNotFound();
  return found;
}
