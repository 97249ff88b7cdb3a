import {
  credentialsOf,
  type ExternalIdentityRow,
  findExternalIdentity,
  linkIdentityStatement,
  takeoverStatements,
  touchIdentityStatement,
} from "../../../db/external-identities";
import { listClientsOfUser } from "../../../db/oauth-clients";
import { findMembership, insertMemberStatement, setRoleStatement } from "../../../db/organization-members";
import {
  rememberRevokedClients,
  rememberRevokedSessions,
  revokeClientStatement,
  revokeSessionStatement,
} from "../../../db/revocations";
import { isDeprovisionedIn } from "../../../db/scim-users";
import { findUserByEmail, findUserById, loginStatement, type UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { randomToken } from "../../../lib/ids";
import type { Context } from "../../context";
import { auditStatement } from "../../organizations/audit";
import { cutOffApiKey, cutOffGrant } from "../../organizations/cut-off";
import { CLIENT_TOKEN_TTL, LOGIN_TOKEN_TTL } from "../access-tokens";
import { createUser, issueLoginTokens, type LoginResult } from "../accounts";
import { deleteClientOf } from "../oauth/clients";
import { hashPassword } from "../passwords";
import type { OrganizationRole, Principal } from "../principal";
import { isVerifiedDomainOf } from "./domains";

interface ExternalIdentity {
  /** The IdP's or directory's stable name for the person: the SAML NameID, the LDAP entry's DN. */
  subject: string;
  email: string;
  username: string;
  role: OrganizationRole;
}

interface SignInMeta {
  requestId: string;
  ip: string;
  country: string;
}

/** A verified identity of `connectionId` (of `organizationId`) signing in from `country`. */
export interface ExternalSignIn {
  organizationId: string;
  connectionId: string;
  identity: ExternalIdentity;
  country: string;
}

/** Just-in-time provisioning (provisionExternal), then tokens that act for the organization only. */
export async function signInExternal(ctx: Context, input: ExternalSignIn): Promise<LoginResult> {
  const user = await provisionExternal(ctx, input);
  return {
    user,
    ...(await issueLoginTokens(ctx, { user, familyId: crypto.randomUUID(), organizationId: input.organizationId })),
  };
}

/**
 * A role mapping never grants owner (docs/decisions.md "Account takeover"): connections refuse an
 * owner mapping, and one stored before that rule is read as admin. Owners are made by owners.
 */
const mappedRole = (role: OrganizationRole): OrganizationRole => (role === "owner" ? "admin" : role);

const outsideVerifiedDomains = (email: string) =>
  new AppError("SSO_EMAIL_DOMAIN_NOT_VERIFIED", {
    details: { domain: email.split("@")[1] ?? "", reason: "not a verified domain of the connection's organization" },
  });

/**
 * Just-in-time provisioning (docs/sso.md "Linking"), in this order, refusing before anything is
 * written:
 * 1. the asserted email must be in a domain the connection's own organization verified — always,
 *    member or not, linked or not (an IdP speaks only for its own domains);
 * 2. a linked (connection, subject) signs in as its user, whatever email is asserted now;
 * 3. otherwise the email's account: none → created for this identity; verified by its holder →
 *    linked; unverified → taken over for the directory's user (its credentials ended, audited);
 * 4. membership with the mapped role (never owner; an owner is never demoted), unless the
 *    organization's SCIM directory deprovisioned the person (403, nothing written).
 */
export async function provisionExternal(ctx: Context, input: ExternalSignIn): Promise<UserRow> {
  const { organizationId, connectionId, identity } = input;
  const meta: SignInMeta = { ...ctx.meta, country: input.country };
  const now = ctx.now();
  const email = identity.email.trim().toLowerCase();
  const subject = identity.subject.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new AppError("SSO_CONNECTION_INVALID", { details: { reason: "the identity provider sent no usable email" } });
  }
  if (!subject || subject.length > 1024) {
    throw new AppError("SSO_CONNECTION_INVALID", { details: { reason: "the identity provider sent no subject" } });
  }
  if (!(await isVerifiedDomainOf(ctx, { organizationId, email }))) throw outsideVerifiedDomains(email);

  const at = iso(now);
  const role = mappedRole(identity.role);
  const auditMeta = { requestId: meta.requestId, ip: meta.ip };
  const actorOf = (userId: string, tier: UserRow["tier"]): Principal => ({
    userId,
    role: "user",
    tier,
    scopes: new Set(),
    credential: { kind: "login_token", id: `sso:${connectionId}` },
  });

  const linked = await findExternalIdentity(ctx.db, connectionId, subject);
  // A person the organization's directory deprovisioned (SCIM `active: false`) does not come back in
  // by signing on: the directory reactivates them (docs/sso.md "SCIM"). Refused before any write.
  const candidate = linked?.userId ?? (await findUserByEmail(ctx.db, email))?.id;
  if (candidate && (await isDeprovisionedIn(ctx.db, organizationId, candidate))) {
    throw new AppError("INSUFFICIENT_PERMISSIONS", {
      message: "Your organization's directory has deactivated you; ask its administrators to reactivate you.",
      details: { reason: "deprovisioned_by_directory" },
    });
  }
  let user: UserRow | undefined;
  if (linked) {
    user = await findUserById(ctx.db, linked.userId);
    if (!user) throw new AppError("INTERNAL_SERVER_ERROR");
    await ctx.commit([touchIdentityStatement(ctx.db, connectionId, subject, at)]);
  } else {
    user = await linkNewIdentity(
      ctx,
      { organizationId, connectionId, subject, email, username: identity.username },
      auditMeta,
      now,
    );
  }

  const membership = await findMembership(ctx.db, organizationId, user.id);
  const actor = actorOf(user.id, user.tier);
  if (!membership) {
    await ctx.commit([
      insertMemberStatement(ctx.db, { organizationId, userId: user.id, role, createdAt: at, updatedAt: at }),
      auditStatement(ctx, {
        organizationId,
        actor,
        meta: auditMeta,
        entry: { action: "member.joined", targetType: "user", targetId: user.id, after: { role, via: connectionId } },
      }),
    ]);
  } else if (membership.role !== role && membership.role !== "owner") {
    // The directory/IdP is the source of truth for the roles it maps; an owner is never demoted by
    // it (so a sign-on never demotes or removes the last owner), and it never makes one.
    await ctx.commit([
      setRoleStatement(ctx.db, organizationId, user.id, role, at),
      auditStatement(ctx, {
        organizationId,
        actor,
        meta: auditMeta,
        entry: {
          action: "member.role_changed",
          targetType: "user",
          targetId: user.id,
          before: { role: membership.role },
          after: { role, via: connectionId },
        },
      }),
    ]);
  }
  await ctx.commit([loginStatement(ctx.db, user.id, at, meta.country)]);
  return { ...user, lastLogin: at, country: meta.country };
}

/** Step 3 of provisionExternal: the account a first sign-in of (connection, subject) links to. */
async function linkNewIdentity(
  ctx: Context,
  input: { organizationId: string; connectionId: string; subject: string; email: string; username: string },
  auditMeta: { requestId: string; ip: string },
  now: number,
): Promise<UserRow> {
  const { organizationId, connectionId, subject, email } = input;
  const at = iso(now);
  const link = (userId: string, linkedVia: ExternalIdentityRow["linkedVia"]) =>
    linkIdentityStatement(ctx.db, { connectionId, subject, userId, email, linkedVia, createdAt: at });
  const conflict = () =>
    new AppError("SSO_IDENTITY_CONFLICT", {
      details: { reason: "the account with this email is linked to another identity of this connection" },
    });

  const existing = await findUserByEmail(ctx.db, email);
  if (!existing) {
    const created = await userFor(ctx, email, input.username);
    const [inserted] = await ctx.commit([link(created.id, "created")]);
    if ((inserted?.meta.changes ?? 0) === 0) return raceWinner(ctx, connectionId, subject, conflict);
    return created;
  }

  const actor: Principal = {
    userId: existing.id,
    role: "user",
    tier: existing.tier,
    scopes: new Set(),
    credential: { kind: "login_token", id: `sso:${connectionId}` },
  };
  if (existing.emailVerifiedAt !== null) {
    // The holder proved the address: the organization that owns its domain may sign them in.
    const [inserted] = await ctx.commit([
      link(existing.id, "verified_email"),
      auditStatement(ctx, {
        organizationId,
        actor,
        meta: auditMeta,
        entry: {
          action: "sso.identity_linked",
          targetType: "user",
          targetId: existing.id,
          after: { via: connectionId },
        },
        onlyIfChanged: true,
      }),
    ]);
    if ((inserted?.meta.changes ?? 0) === 0) return raceWinner(ctx, connectionId, subject, conflict);
    return existing;
  }

  // Nobody proved this address: whoever registered it may be pre-hijacking it (Sudhodanan & Paverd,
  // 2022). The directory's user, in a domain the organization proved it owns, gets the account;
  // everything that signed it in before ends here.
  const held = await credentialsOf(ctx.db, existing.id, at);
  const clients = await listClientsOfUser(ctx.db, existing.id);
  const [inserted] = await ctx.commit([
    link(existing.id, "takeover"),
    auditStatement(ctx, {
      organizationId,
      actor,
      meta: auditMeta,
      entry: {
        action: "sso.account_taken_over",
        targetType: "user",
        targetId: existing.id,
        before: {
          password: "voided",
          role: existing.role,
          refresh_families: held.families.length,
          api_keys: held.apiKeys.length,
          oauth_clients: clients.length,
        },
        after: { via: connectionId, reason: "email not verified by its holder" },
      },
      onlyIfChanged: true,
    }),
    ...takeoverStatements(ctx.db, {
      userId: existing.id,
      connectionId,
      subject,
      unusablePasswordHash: await hashPassword(randomToken()),
      at,
    }),
  ]);
  if ((inserted?.meta.changes ?? 0) === 0) return raceWinner(ctx, connectionId, subject, conflict);
  // Access tokens by the revocation list (their sid is the family), OAuth clients the account
  // registered (their client_credentials tokens act as it), then the live sockets of all of them.
  const clientFamilies = await Promise.all(
    clients.map(async (c) => (await deleteClientOf(ctx, { id: c.id, userId: existing.id, at })) ?? []),
  );
  const sids = [...held.families, ...clientFamilies.flat()];
  await ctx.commit([
    ...sids.map((f) => revokeSessionStatement(ctx.db, f, LOGIN_TOKEN_TTL, now)),
    ...clients.map((c) => revokeClientStatement(ctx.db, c.id, CLIENT_TOKEN_TTL, now)),
  ]);
  rememberRevokedSessions(sids);
  rememberRevokedClients(clients.map((c) => c.id));
  await Promise.all([
    ...held.families.map((f) => cutOffGrant(ctx, { sid: f })),
    ...held.apiKeys.map((k) => cutOffApiKey(ctx, { id: k.id, userId: existing.id, organizationId: k.organization_id })),
  ]);
  const after = await findUserById(ctx.db, existing.id);
  if (!after) throw new AppError("INTERNAL_SERVER_ERROR");
  return after;
}

/** A concurrent first sign-in of the same identity linked it first: sign in as its user. */
async function raceWinner(ctx: Context, connectionId: string, subject: string, conflict: () => AppError) {
  const winner = await findExternalIdentity(ctx.db, connectionId, subject);
  if (!winner) throw conflict();
  const user = await findUserById(ctx.db, winner.userId);
  if (!user) throw conflict();
  return user;
}

/** A new user for an external identity: an unusable random password (it signs in through the connection). */
async function userFor(ctx: Context, email: string, username: string): Promise<UserRow> {
  const created = await createUser(ctx, {
    email,
    username: (username || (email.split("@")[0] as string)).slice(0, 50),
    passwordHash: await hashPassword(randomToken()),
    tier: "basic",
    marketingConsent: false,
    country: "",
  });
  // Null: a concurrent sign-in created it first.
  const user = created ?? (await findUserByEmail(ctx.db, email));
  if (!user) throw new AppError("INTERNAL_SERVER_ERROR");
  return user;
}
