import { insertAccountStatement } from "../../db/billing-accounts";
import { insertPlacementStatement } from "../../db/placements";
import { enforcedConnectionsOfUser } from "../../db/sso-connections";
import { enforcedConnectionOfDomain } from "../../db/sso-domains";
import type { Store } from "../../db/store";
import { findUserByEmail, findUserById, insertUserWrite, loginStatement, type UserRow } from "../../db/users";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { newAccount } from "../billing/accounts";
import { wakeClock } from "../billing/clock";
import type { Context } from "../context";
import { requireMailer } from "../mail/outbox";
import { onShard, placementOf, shardForNewAccount } from "../shards/accounts";
import { commitWrite } from "../unit-of-work";
import { sendEmailVerification } from "./email-verification";
import { issueLoginTokens, type LoginResult } from "./login-tokens";
import { challengeIfEnrolled, type MfaChallenge } from "./mfa/challenge";
import { DUMMY_PASSWORD_HASH, hashIterations, hashPassword, passwordWeakness, verifyPassword } from "./passwords";
import type { Principal, Tier } from "./principal";
import { consumeForRotation, revokeGrantFamily } from "./refresh-rotation";
import { isVerifiedDomainOf } from "./sso/domains";

export { issueLoginTokens, type LoginResult } from "./login-tokens";
export { REFRESH_TOKEN_TTL } from "./refresh-rotation";

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  tier: Tier;
  marketing_consent: boolean;
}

export async function register(ctx: Context, input: RegisterInput & { country: string }): Promise<LoginResult> {
  // The holder proves the address with a mailed token: no account is created when it cannot be sent.
  requireMailer(ctx);
  const email = input.email.toLowerCase();
  const weakness = passwordWeakness(input.password, email);
  if (weakness) throw invalidField("password", weakness);
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
  // An address in a domain whose organization enforces sign-on is that organization's: its people
  // come in through the connection, and nobody may pre-register one of them (docs/security.md).
  const enforced = await enforcedConnectionOfDomain(ctx.db, email.split("@")[1] ?? "");
  if (enforced) throw ssoRequired(ctx, enforced);
  const user = await createUser(ctx, {
    email,
    username: input.username,
    passwordHash: await hashPassword(input.password, hashIterations(ctx.config)),
    tier: input.tier,
    marketingConsent: input.marketing_consent,
    country: input.country,
  });
  if (!user) throw emailTaken();
  // The holder proves the address with the mailed token (docs/security.md "Verified email").
  await sendEmailVerification(ctx, user);
  return { user, ...(await issueLoginTokens(ctx, { user, familyId: crypto.randomUUID() })) };
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  tier: Tier;
  marketingConsent: boolean;
  country: string;
}

/**
 * The one place a user comes into being (registration, and just-in-time sign-on provisioning): the
 * row, its billing account (no credits yet), and the account's billing clock armed
 * for its first period end (or trial end). Null when the email is taken: the unique index settles a
 * race between two sign-ups of one email.
 */
export async function createUser(ctx: Context, input: NewUser): Promise<UserRow | null> {
  const now = ctx.now();
  const shard = shardForNewAccount(ctx);
  const account = newAccount(ctx, { ownerType: "user", ownerId: "", tier: input.tier, now, shard });
  const at = iso(now);
  const user: UserRow = {
    id: account.ownerId,
    email: input.email,
    username: input.username,
    passwordHash: input.passwordHash,
    // The free plan until the email is verified (a chosen paid tier's trial starts then: billing/trial.ts).
    tier: account.tier,
    // Administrators are made by npm run admin:grant, an administrator or the verified ADMIN_EMAILS
    // bootstrap, never at creation (a sign-on creates users too).
    role: "user",
    credits: 0,
    marketingConsent: input.marketingConsent,
    prefNotifications: true,
    prefTheme: "light",
    prefLanguage: "en",
    country: input.country,
    createdAt: at,
    lastLogin: at,
    emailVerifiedAt: null,
    credentialsRevokedAt: null,
    deletedAt: null,
  };
  // No credits at registration: free credits come once per verified email (domain/billing/free-credits.ts).
  const home = onShard(ctx, shard);
  // On another database than the directory, the account commits first: without its user and
  // placement nothing reaches it, so a failure (or an email taken) after it leaves nothing visible
  // (docs/scale.md "Shards": two commits, in that order).
  if (home !== ctx) await home.commit([insertAccountStatement(home.db, account)]);
  const write = insertUserWrite(ctx.db, user, home === ctx ? account : undefined);
  // The placement only with the user (an email taken writes neither).
  write.statements.push(insertPlacementStatement(ctx.db, placementOf(account, shard), user.id));
  if (!(await commitWrite(ctx, write))) return null;
  await wakeClock(ctx, { accountId: account.id });
  return user;
}

const emailTaken = () =>
  new AppError("EMAIL_ALREADY_REGISTERED", { details: { field: "email", reason: "already registered" } });

/**
 * Check an email and password without signing in (also used by the OAuth
 * authorize page). Wrong password and unknown email fail alike, with the same
 * PBKDF2 cost (no account enumeration by timing).
 */
async function verifyCredentials(db: Store, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw new AppError("INVALID_CREDENTIALS");
  return user;
}

export async function login(
  ctx: Context,
  input: { email: string; password: string; country: string },
): Promise<LoginResult | MfaChallenge> {
  const { country } = input;
  const now = ctx.now();
  const user = await passwordSignIn(ctx, input);
  // A second factor owed: a challenge instead of tokens (POST /v1/auth/mfa/verify completes it).
  const challenge = await challengeIfEnrolled(ctx, { user, country });
  if (challenge) return challenge;
  const at = iso(now);
  await ctx.commit([loginStatement(ctx.db, user.id, at, country)]);
  return {
    user: { ...user, lastLogin: at, country },
    ...(await issueLoginTokens(ctx, { user, familyId: crypto.randomUUID() })),
  };
}

/** Email and password, then enforced SSO: every password sign-in (the API and the authorize page). */
export async function passwordSignIn(ctx: Context, input: { email: string; password: string }): Promise<UserRow> {
  const user = await verifyCredentials(ctx.db, input.email, input.password);
  await refuseWhereSsoIsEnforced(ctx, user);
  return user;
}

/**
 * Enforced SSO: a member of an organization that enforces a connection, whose email is in one of
 * that organization's verified domains, signs in through the connection only. Checked after the
 * password, so the answer reveals nothing to someone without it.
 */
export async function refuseWhereSsoIsEnforced(ctx: Context, user: UserRow) {
  for (const c of await enforcedConnectionsOfUser(ctx.db, user.id)) {
    if (!(await isVerifiedDomainOf(ctx, { organizationId: c.organization_id, email: user.email }))) continue;
    throw ssoRequired(ctx, c);
  }
}

/** 403 SSO_REQUIRED naming the way in: the connection's sign-in address. */
export function ssoRequired(
  ctx: Context,
  c: { id: string; kind: "saml" | "ldap" | "oidc"; organization_id: string },
): AppError {
  const base = ctx.config.issuer.replace(/\/$/, "");
  const signIn = c.kind === "ldap" ? "POST /v1/auth/ldap" : `${base}/${c.kind}/login?connection=${c.id}`;
  const protocol = { saml: "SAML", ldap: "LDAP", oidc: "OpenID Connect" }[c.kind];
  return new AppError("SSO_REQUIRED", {
    message: `Your organization requires single sign-on: sign in with ${protocol} (${signIn}).`,
    details: { organization_id: c.organization_id, connection: c.id, kind: c.kind, sign_in: signIn },
  });
}

/**
 * Rotate a refresh token. A token that was already used means it leaked (or
 * a client replayed it): the whole family is revoked, including the access
 * tokens issued from it (RFC 9700 §4.14.2).
 */
export async function refresh(ctx: Context, presented: string): Promise<LoginResult> {
  // Rows with a client_id belong to OAuth clients: only /oauth2/token rotates those.
  const outcome = await consumeForRotation(ctx, { presented, clientId: null });
  if (!outcome.ok) {
    if (outcome.reason === "expired")
      throw new AppError("TOKEN_EXPIRED", { message: "The refresh token has expired." });
    if (outcome.reason === "reused")
      throw new AppError("TOKEN_INVALID", {
        message: "The refresh token was already used; its session has been revoked.",
      });
    throw new AppError("TOKEN_INVALID", { message: "The refresh token is invalid, expired or revoked." });
  }
  const user = await findUserById(ctx.db, outcome.row.userId);
  if (!user) throw new AppError("TOKEN_INVALID", { message: "The refresh token is invalid, expired or revoked." });
  return {
    user,
    ...(await issueLoginTokens(ctx, {
      user,
      familyId: outcome.row.familyId,
      organizationId: outcome.row.organizationId,
    })),
  };
}

/** Revoke the presented access token's session: its refresh family and every access token of it. */
export async function logout(ctx: Context, principal: Principal): Promise<void> {
  // An API key has no session to end: it is revoked with DELETE /v1/api-keys/{id} (docs/decisions.md).
  if (principal.credential.kind === "api_key") {
    throw new AppError("INSUFFICIENT_PERMISSIONS", {
      message: "Logout ends a token session; revoke an API key with DELETE /v1/api-keys/{id} instead.",
      details: { reason: "api_key_cannot_logout" },
    });
  }
  const sid = principal.credential.sid ?? principal.credential.id;
  await revokeGrantFamily(ctx, sid);
}
