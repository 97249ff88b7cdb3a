import { insertAccountStatement } from "../../db/billing-accounts";
import { hasSecondFactor } from "../../db/mfa";
import { insertMemberStatement } from "../../db/organization-members";
import { hasActiveSessions } from "../../db/organization-sessions";
import {
  countOwnedOrganizations,
  insertOrganizationStatement,
  type OrganizationRow,
  organizationsOfUser,
  organizationTeardownStatements,
  renameOrganizationStatement,
  setRequireMfaStatement,
  softDeleteOrganizationStatement,
} from "../../db/organizations";
import { insertPlacementStatement } from "../../db/placements";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import { newAccount } from "../billing/accounts";
import { wakeClock } from "../billing/clock";
import { organizationGrant } from "../billing/free-credits";
import type { UserContext } from "../context";
import { requireRecentCheck } from "../identity/mfa/recent-check";
import type { OrganizationRole, Principal } from "../identity/principal";
import { placementOf } from "../shards/accounts";
import { membershipIn, organizationNotFound } from "./access";
import { auditStatement } from "./audit";
import { requireRole } from "./roles";

/** Bounds what one account can create (OWASP API4): organizations it owns. */
const MAX_OWNED_ORGANIZATIONS = 10;

export interface OrganizationView {
  organization: OrganizationRow;
  role: OrganizationRole;
}

/** Persons create organizations; an organization API key cannot create another. */
function requirePerson(principal: Principal): void {
  // A sign-on token acts for its connection's organization only (docs/sso.md): not a new one.
  if (principal.organization?.via === "api_key" || principal.boundOrganization) {
    throw new AppError("ORGANIZATION_ROLE_REQUIRED", {
      message: "An organization API key acts for its organization; sign in as a person for this operation.",
      details: { required_role: "person" },
    });
  }
}

/**
 * Create an organization: the creator becomes its owner, and it gets its own
 * billing account (the same code as a user's: basic plan, its own cycle), all
 * in one batch. Its free credits: only if it is the first organization of a
 * verified owner (domain/billing/free-credits.ts); otherwise it starts at 0.
 */
export async function createOrganization(ctx: UserContext, input: { name: string }): Promise<OrganizationView> {
  const { db: d1, principal } = ctx;
  const { name } = input;
  const now = ctx.now();
  requirePerson(principal);
  if ((await countOwnedOrganizations(d1, principal.userId)) >= MAX_OWNED_ORGANIZATIONS) {
    throw new AppError("ORGANIZATION_LIMIT_REACHED", { details: { max_owned: MAX_OWNED_ORGANIZATIONS } });
  }
  const at = iso(now);
  // The organization's id names its account's shard, as a user's does (docs/scale.md "Shards"). Shard
  // 0, the directory's database, for now: its free-credit claim (a directory row) and the credits it
  // pays for (the account's ledger) commit in one batch.
  const shard = 0;
  const organization: OrganizationRow = {
    id: newId("org", now, shard),
    name,
    createdBy: principal.userId,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    requireMfa: false,
  };
  const account = newAccount(ctx, { ownerType: "organization", ownerId: organization.id, tier: "basic", now, shard });
  await ctx.commit([
    insertOrganizationStatement(d1, organization),
    insertPlacementStatement(d1, placementOf(account, shard)),
    insertAccountStatement(d1, account),
    ...organizationGrant(ctx, { userId: principal.userId, organizationId: organization.id, accountId: account.id, at }),
    insertMemberStatement(d1, {
      organizationId: organization.id,
      userId: principal.userId,
      role: "owner",
      createdAt: at,
      updatedAt: at,
    }),
    auditStatement(ctx, {
      organizationId: organization.id,
      entry: { action: "organization.created", targetType: "organization", targetId: organization.id, after: { name } },
    }),
  ]);
  // The organization's plan renews like a user's: arm its billing clock for the first period end.
  await wakeClock(ctx, { accountId: account.id });
  return { organization, role: "owner" };
}

/** The organizations the caller belongs to (an org API key: just its own). */
export async function myOrganizations(ctx: UserContext): Promise<OrganizationView[]> {
  const { principal } = ctx;
  if (principal.organization?.via === "api_key") {
    return [await membershipIn(ctx, { organizationId: principal.organization.id })];
  }
  if (principal.boundOrganization) return [await membershipIn(ctx, { organizationId: principal.boundOrganization })];
  return organizationsOfUser(ctx.db, principal.userId);
}

export function readOrganization(ctx: UserContext, input: { organizationId: string }): Promise<OrganizationView> {
  return membershipIn(ctx, input);
}

export async function renameOrganization(
  ctx: UserContext,
  input: { organizationId: string; name: string },
): Promise<OrganizationView> {
  const { organizationId: id, name } = input;
  const d1 = ctx.db;
  const { organization, role } = await membershipIn(ctx, input);
  requireRole(role, "admin");
  const at = iso(ctx.now());
  const [updated] = await ctx.commit([
    renameOrganizationStatement(d1, id, name, at),
    auditStatement(ctx, {
      organizationId: id,
      entry: {
        action: "organization.renamed",
        targetType: "organization",
        targetId: id,
        before: { name: organization.name },
        after: { name },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (updated?.meta.changes !== 1) throw organizationNotFound();
  return { organization: { ...organization, name, updatedAt: at }, role };
}

/**
 * Require (or stop requiring) a second factor of every member (docs/security.md "Organizations that
 * require MFA"): owners only, as a person (an API key is not one), after a recent second-factor
 * check like other security settings. Turning it on needs the owner's own factor first, as GitHub
 * does: otherwise the owner would lock themself out with the rest.
 */
export async function setRequireMfa(
  ctx: UserContext,
  input: { organizationId: string; requireMfa: boolean },
): Promise<OrganizationView> {
  const { organizationId: id, requireMfa } = input;
  const { db: d1, principal } = ctx;
  requirePerson(principal);
  const { organization, role } = await membershipIn(ctx, input);
  requireRole(role, "owner");
  if (requireMfa && !(await hasSecondFactor(d1, principal.userId))) {
    throw new AppError("MFA_NOT_ENROLLED", {
      message: "Add a second factor to your own account before requiring one of the organization's members.",
      details: { enrol: ["POST /v1/users/me/mfa/totp", "POST /v1/users/me/mfa/passkeys/options"] },
    });
  }
  await requireRecentCheck(ctx, principal);
  const at = iso(ctx.now());
  const [updated] = await ctx.commit([
    setRequireMfaStatement(d1, id, requireMfa, at),
    auditStatement(ctx, {
      organizationId: id,
      entry: {
        action: "organization.mfa_requirement_changed",
        targetType: "organization",
        targetId: id,
        before: { require_mfa: organization.requireMfa },
        after: { require_mfa: requireMfa },
      },
      onlyIfChanged: true,
    }),
  ]);
  if (updated?.meta.changes !== 1) throw organizationNotFound();
  return { organization: { ...organization, requireMfa, updatedAt: at }, role };
}

/**
 * Delete (owners only, and only with no pending or processing session). The
 * organization is soft-deleted: members and pending invitations go, its API
 * keys are revoked and its webhooks removed at once; its sessions, credit
 * ledger and audit log are kept for accounting but no one can reach them
 * through the API (docs/decisions.md, "Organizations").
 */
export async function deleteOrganization(ctx: UserContext, input: { organizationId: string }): Promise<void> {
  const id = input.organizationId;
  const d1 = ctx.db;
  const { organization, role } = await membershipIn(ctx, input);
  requireRole(role, "owner");
  const activeSessions = () =>
    new AppError("ORGANIZATION_HAS_ACTIVE_SESSIONS", {
      message: "The organization has pending or processing sessions: cancel them or wait for them to end.",
    });
  if (await hasActiveSessions(d1, id)) throw activeSessions();
  const at = iso(ctx.now());
  const [deleted] = await ctx.commit([
    softDeleteOrganizationStatement(d1, id, at),
    auditStatement(ctx, {
      organizationId: id,
      entry: {
        action: "organization.deleted",
        targetType: "organization",
        targetId: id,
        before: { name: organization.name },
      },
      onlyIfChanged: true,
    }),
    ...organizationTeardownStatements(d1, id, at),
  ]);
  if (deleted?.meta.changes !== 1) {
    if (await hasActiveSessions(d1, id)) throw activeSessions();
    throw organizationNotFound();
  }
}
