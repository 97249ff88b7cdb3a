import { findMembership, insertMemberStatement, setRoleStatement } from "../../../db/organizations";
import { findUserByEmail, insertUser, recordLogin, type UserRow } from "../../../db/users";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { newId, randomToken } from "../../../lib/ids";
import { newAccount } from "../../billing/accounts";
import { wakeClock } from "../../billing/clock";
import { auditStatement } from "../../organizations/audit";
import { type AccountsEnv, isAdminEmail, issueLoginTokens, type LoginResult } from "../accounts";
import { hashPassword } from "../passwords";
import type { OrganizationRole, Principal } from "../principal";
import { isVerifiedDomainOf } from "./domains";

export interface ExternalIdentity {
  email: string;
  username: string;
  role: OrganizationRole;
}

/**
 * Just-in-time provisioning, then the same tokens as /v1/auth/login. A new email becomes a user (with
 * an unusable random password: it signs in through the connection) and a member with the mapped role.
 * An existing account is linked only when its email is in a domain the organization verified:
 * otherwise any IdP could claim anyone's account by asserting their email.
 */
export async function signInExternal(
  env: AccountsEnv,
  organizationId: string,
  connectionId: string,
  identity: ExternalIdentity,
  meta: { requestId: string; ip: string; country: string },
  now = Date.now(),
): Promise<LoginResult> {
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
  if (!user) user = await createUser(env, email, identity.username, now);

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
  return {
    user: { ...user, lastLogin: at, country: meta.country },
    ...(await issueLoginTokens(env, user, crypto.randomUUID(), now)),
  };
}

async function createUser(env: AccountsEnv, email: string, username: string, now: number): Promise<UserRow> {
  const account = newAccount("user", "", "basic", env, now);
  const at = iso(now);
  const user: UserRow = {
    id: account.ownerId,
    email,
    username: (username || (email.split("@")[0] as string)).slice(0, 50),
    passwordHash: await hashPassword(randomToken()),
    tier: "basic",
    role: isAdminEmail(env.ADMIN_EMAILS, email) ? "admin" : "user",
    credits: 0,
    marketingConsent: false,
    prefNotifications: true,
    prefTheme: "light",
    prefLanguage: "en",
    country: "",
    createdAt: at,
    lastLogin: at,
  };
  const grant = {
    ledgerId: newId("led", now),
    accountId: account.id,
    reason: "signup_grant" as const,
    referenceId: account.id,
    description: "Starting credits for the basic tier",
    at,
  };
  if (!(await insertUser(env.DB, user, account, grant))) {
    // A concurrent sign-in created it first.
    const existing = await findUserByEmail(env.DB, email);
    if (existing) return existing;
    throw new AppError("INTERNAL_SERVER_ERROR");
  }
  await wakeClock(env, account.id);
  return user;
}
