import { findMembership, insertMemberStatement, setRoleStatement } from "../../../db/organizations";
import { findUserByEmail, recordLogin, type UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { randomToken } from "../../../lib/ids";
import { auditStatement } from "../../organizations/audit";
import { type AccountsEnv, createUser, issueLoginTokens, type LoginResult } from "../accounts";
import { hashPassword } from "../passwords";
import type { OrganizationRole, Principal } from "../principal";
import { isVerifiedDomainOf } from "./domains";

export interface ExternalIdentity {
  email: string;
  username: string;
  role: OrganizationRole;
}

/** Just-in-time provisioning (provisionExternal), then the same tokens as /v1/auth/login. */
export async function signInExternal(
  env: AccountsEnv,
  organizationId: string,
  connectionId: string,
  identity: ExternalIdentity,
  meta: { requestId: string; ip: string; country: string },
  now = Date.now(),
): Promise<LoginResult> {
  const user = await provisionExternal(env, organizationId, connectionId, identity, meta, now);
  return { user, ...(await issueLoginTokens(env, user, crypto.randomUUID(), now)) };
}

/**
 * Just-in-time provisioning: a new email becomes a user and a member with the mapped role; a known
 * member's role follows the mapping. An existing account is linked only when its email is in a domain
 * the organization verified: otherwise any IdP could claim anyone's account by asserting their email.
 * Returns the user as signed in now.
 */
export async function provisionExternal(
  env: AccountsEnv,
  organizationId: string,
  connectionId: string,
  identity: ExternalIdentity,
  meta: { requestId: string; ip: string; country: string },
  now = Date.now(),
): Promise<UserRow> {
  const email = identity.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new AppError("SSO_CONNECTION_INVALID", { details: { reason: "the identity provider sent no usable email" } });
  }
  const at = iso(now);
  let user = await findUserByEmail(env.DB, email);
  const membership = user ? await findMembership(env.DB, organizationId, user.id) : undefined;
  if (user && !membership && !(await isVerifiedDomainOf(env.DB, organizationId, email))) {
    throw new AppError("EMAIL_ALREADY_REGISTERED", {
      message: "An account with this email already exists; the organization must verify the email's domain to link it.",
      details: { field: "email", reason: "domain_not_verified" },
    });
  }
  if (!user) user = await userFor(env, email, identity.username, now);

  const actor: Principal = {
    userId: user.id,
    role: user.role,
    tier: user.tier,
    scopes: new Set(),
    credential: { kind: "login_token", id: `sso:${connectionId}` },
  };
  const auditMeta = { requestId: meta.requestId, ip: meta.ip };
  if (!membership) {
    await env.DB.batch([
      insertMemberStatement(env.DB, {
        organizationId,
        userId: user.id,
        role: identity.role,
        createdAt: at,
        updatedAt: at,
      }),
      auditStatement(env.DB, organizationId, actor, auditMeta, {
        action: "member.joined",
        targetType: "user",
        targetId: user.id,
        after: { role: identity.role, via: connectionId },
      }),
    ]);
  } else if (membership.role !== identity.role && membership.role !== "owner") {
    // The directory/IdP is the source of truth for roles it maps; an owner is never demoted by it.
    await env.DB.batch([
      setRoleStatement(env.DB, organizationId, user.id, identity.role, at),
      auditStatement(env.DB, organizationId, actor, auditMeta, {
        action: "member.role_changed",
        targetType: "user",
        targetId: user.id,
        before: { role: membership.role },
        after: { role: identity.role, via: connectionId },
      }),
    ]);
  }
  await recordLogin(env.DB, user.id, at, meta.country);
  return { ...user, lastLogin: at, country: meta.country };
}

/** A new user for an external identity: an unusable random password (it signs in through the connection). */
async function userFor(env: AccountsEnv, email: string, username: string, now: number): Promise<UserRow> {
  const created = await createUser(
    env,
    {
      email,
      username: (username || (email.split("@")[0] as string)).slice(0, 50),
      passwordHash: await hashPassword(randomToken()),
      tier: "basic",
      marketingConsent: false,
      country: "",
    },
    now,
  );
  // Null: a concurrent sign-in created it first.
  const user = created ?? (await findUserByEmail(env.DB, email));
  if (!user) throw new AppError("INTERNAL_SERVER_ERROR");
  return user;
}
