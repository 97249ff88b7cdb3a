import { hasSecondFactor } from "../../db/mfa";
import { findMembership } from "../../db/organization-members";
import { findLiveOrganization, type OrganizationRow } from "../../db/organizations";
import { AppError } from "../../errors";
import type { Context, UserContext } from "../context";
import type { OrganizationRole, Principal } from "../identity/principal";
import { requireRole } from "./roles";

/** The one convention for acting as an organization (like Stripe's `Stripe-Account`). */
export const ORGANIZATION_HEADER = "X-Organization-Id";

export const ORGANIZATION_ID_PATTERN = /^org_\d{1,30}$/;

export const organizationNotFound = () =>
  new AppError("RESOURCE_NOT_FOUND", {
    message: "Organization not found.",
    details: { resource: "organization" },
  });

/**
 * A person's membership of organization `organizationId`, read now, with the organization's MFA
 * requirement applied: the one place it is (docs/security.md "Organizations that require MFA").
 * Every way a person reaches an organization's resources comes through here: acting as it
 * (`X-Organization-Id`, resolveActingOrganization), its own routes (`/v1/organizations/{id}/…`,
 * membershipIn) and an organization session named by id (domain/sessions/queries.ts). While the
 * organization requires MFA, a member without a second factor gets 403 ORGANIZATION_MFA_REQUIRED
 * (their own resources stay theirs). Not applied to organization API keys (keys are not people: no
 * one signs in with them, so no second factor can be asked of them) nor to a sign-on token bound to
 * the organization (its identity provider does its own MFA, docs/sso.md). Undefined: not a member.
 */
export async function memberOf(
  ctx: Context,
  input: { organizationId: string; userId: string; signOn?: boolean },
): Promise<{ organization: OrganizationRow; role: OrganizationRole } | undefined> {
  const found = await findMembership(ctx.db, input.organizationId, input.userId);
  if (found?.organization.requireMfa && !input.signOn && !(await hasSecondFactor(ctx.db, input.userId))) {
    throw organizationMfaRequired(found.organization);
  }
  return found;
}

const organizationMfaRequired = (organization: OrganizationRow) =>
  new AppError("ORGANIZATION_MFA_REQUIRED", {
    message: `The organization "${organization.name}" requires a second factor of its members: add an authenticator app or a passkey to your account, then retry.`,
    details: {
      organization_id: organization.id,
      organization_name: organization.name,
      enrol: ["POST /v1/users/me/mfa/totp", "POST /v1/users/me/mfa/passkeys/options"],
      console: "/security",
    },
  });

/**
 * The organization a request acts for, from D1 as it is now:
 * an organization API key always acts for its organization; otherwise the
 * `X-Organization-Id` header names one the caller must be a member of.
 * Not a member, or no such organization → 404 (never a hint that it exists).
 * Acting for an organization drops the personal billing account authentication
 * may have read, so the organization's account is the one resolved next.
 */
export async function resolveActingOrganization(
  ctx: Context,
  input: { principal: Principal; header: string | undefined },
): Promise<Principal> {
  // The principal is an input here, not the context's: authentication is still deciding it.
  const { principal } = input;
  const d1 = ctx.db;
  const requested = input.header?.trim() || undefined;
  if (requested !== undefined && !ORGANIZATION_ID_PATTERN.test(requested)) {
    // A malformed header is a bad request (400), as for X-Client-Version (docs/errors.md).
    throw new AppError("INVALID_FIELD_VALUE", {
      message: "X-Organization-Id: must look like org_<digits>",
      details: { field: "X-Organization-Id", reason: "must look like org_<digits>", location: "header" },
    });
  }
  if (principal.organization?.via === "api_key") {
    if (requested !== undefined && requested !== principal.organization.id) throw organizationNotFound();
    if (!(await findLiveOrganization(d1, principal.organization.id))) throw organizationNotFound();
    const { account: _personal, ...forOrganization } = principal;
    return forOrganization;
  }
  if (principal.boundOrganization) {
    // A sign-on token acts for its connection's organization, never personally or elsewhere
    // (docs/sso.md "What a sign-on token may do"); its membership is read now, like the header's.
    const bound = principal.boundOrganization;
    if (requested !== undefined && requested !== bound) throw organizationNotFound();
    const found = await memberOf(ctx, { organizationId: bound, userId: principal.userId, signOn: true });
    if (!found) throw organizationNotFound();
    const { account: _personal, ...rest } = principal;
    return { ...rest, organization: { id: bound, role: found.role, via: "header" } };
  }
  if (requested === undefined) return principal;
  const found = await memberOf(ctx, { organizationId: requested, userId: principal.userId });
  if (!found) throw organizationNotFound();
  const { account: _personal, ...rest } = principal;
  return { ...rest, organization: { id: requested, role: found.role, via: "header" } };
}

/**
 * The caller's role in organization `id` (a route's path), read now. An
 * organization API key reaches only its own organization, as a member.
 * `ownMembership`: the operation touches only the caller's own membership (leaving), not the
 * organization's resources, so its MFA requirement (memberOf) does not hold it back.
 */
export async function membershipIn(
  ctx: UserContext,
  input: { organizationId: string; ownMembership?: boolean },
): Promise<{ organization: OrganizationRow; role: OrganizationRole }> {
  const { principal, db: d1 } = ctx;
  const id = input.organizationId;
  if (principal.organization?.via === "api_key") {
    if (principal.organization.id !== id) throw organizationNotFound();
    const organization = await findLiveOrganization(d1, id);
    if (!organization) throw organizationNotFound();
    return { organization, role: principal.organization.role };
  }
  if (principal.boundOrganization && principal.boundOrganization !== id) throw organizationNotFound();
  const found = input.ownMembership
    ? await findMembership(d1, id, principal.userId)
    : await memberOf(ctx, {
        organizationId: id,
        userId: principal.userId,
        signOn: Boolean(principal.boundOrganization),
      });
  if (!found) throw organizationNotFound();
  return found;
}

/**
 * Whose resources a request manages: the organization it acts for (the
 * caller's role there at least `needed`, else 403) or the caller's own.
 */
export function actingOwner(
  principal: Principal,
  needed: OrganizationRole,
): { organizationId: string } | { userId: string } {
  if (!principal.organization) return { userId: principal.userId };
  requireRole(principal.organization.role, needed);
  return { organizationId: principal.organization.id };
}

/**
 * An organization's billing (plan, credits, payment methods, history) is
 * seen and changed by its owners only; personal billing is
 * unaffected.
 */
export function requireBillingOwner(principal: Principal): void {
  if (principal.organization) requireRole(principal.organization.role, "owner");
}

/**
 * The caller's context acting for organization `organizationId` with their current role there (read
 * now), as if the request had named it in `X-Organization-Id`.
 */
export async function actingFor(ctx: UserContext, input: { organizationId: string }): Promise<UserContext> {
  const id = input.organizationId;
  const { role } = await membershipIn(ctx, input);
  const via = ctx.principal.organization?.via === "api_key" ? "api_key" : "header";
  const { account: _personal, ...rest } = ctx.principal;
  return actingAs(ctx, { ...rest, organization: { id, role, via } });
}

/**
 * The same unit of work (database handle, clock, request meta, commit) with another principal:
 * the one a caller acts as. The context's own properties (some are getters) stay as they are.
 */
export function actingAs(ctx: Context, principal: Principal): UserContext {
  return Object.create(ctx, {
    actor: { value: { kind: "user", principal }, enumerable: true },
    principal: { value: principal, enumerable: true },
  }) as UserContext;
}
