import { AppError } from "../../http/errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { findUserByEmail, findUserById, insertUser, recordLogin, type UserRow } from "../../db/users";
import { consumeRefreshToken, findRefreshTokenByHash, insertRefreshToken, revokeFamily } from "../../db/refresh-tokens";
import { revokeSession } from "../../db/revocations";
import type { Bindings } from "../../env";
import { LOGIN_TOKEN_TTL, issueAccessToken } from "./access-tokens";
import { DUMMY_PASSWORD_HASH, hashPassword, passwordWeakness, verifyPassword } from "./passwords";
import type { Principal, Tier } from "./principal";
import { scopesForRole, type Role } from "./scopes";

/** Credits a new account starts with, by tier (docs/decisions.md). */
export const STARTING_CREDITS: Record<Tier, number> = { basic: 100, professional: 1_000, enterprise: 10_000 };
/** Refresh tokens live 30 days, and each use rotates them (RFC 9700 §4.14.2). */
export const REFRESH_TOKEN_TTL = 30 * 86_400;
/** Opaque refresh tokens carry a prefix so they are recognisable in logs and by scanners. */
const REFRESH_PREFIX = "sart_";

export interface LoginResult {
  user: UserRow;
  token: string;
  expiresIn: number;
  refreshToken: string;
}

type Env = Pick<Bindings, "DB" | "KV" | "ENVIRONMENT" | "AUTH_ISSUER" | "ADMIN_EMAILS" | "JWT_PRIVATE_KEY" | "JWT_PREVIOUS_PUBLIC_KEYS">;

export function isAdminEmail(adminEmails: string, email: string): boolean {
  return adminEmails
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(email.toLowerCase());
}

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  tier: Tier;
  marketing_consent: boolean;
}

export async function register(env: Env, input: RegisterInput, country: string, now = Date.now()): Promise<LoginResult> {
  const email = input.email.toLowerCase();
  const weakness = passwordWeakness(input.password, email);
  if (weakness) throw new AppError("INVALID_FIELD_VALUE", { message: `password: ${weakness}`, details: { field: "password", reason: weakness } });
  if (await findUserByEmail(env.DB, email)) throw emailTaken();

  const role: Role = isAdminEmail(env.ADMIN_EMAILS, email) ? "admin" : "user";
  const at = iso(now);
  const user: UserRow = {
    id: newId("user", now),
    email,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    tier: input.tier,
    role,
    credits: STARTING_CREDITS[input.tier],
    marketingConsent: input.marketing_consent,
    prefNotifications: true,
    prefTheme: "light",
    prefLanguage: "en",
    country,
    createdAt: at,
    lastLogin: at,
  };
  // The unique index settles a race between two registrations of one email.
  const grant = { ledgerId: newId("led", now), userId: user.id, reason: "signup_grant" as const, referenceId: user.id, description: `Starting credits for the ${input.tier} tier`, at };
  if (!(await insertUser(env.DB, user, grant))) throw emailTaken();
  return { user, ...(await issueLoginTokens(env, user, crypto.randomUUID(), now)) };
}

const emailTaken = () =>
  new AppError("EMAIL_ALREADY_REGISTERED", { details: { field: "email", reason: "already registered" } });

/** Wrong password and unknown email fail alike, with the same PBKDF2 cost. */
export async function login(env: Env, email: string, password: string, country: string, now = Date.now()): Promise<LoginResult> {
  const user = await findUserByEmail(env.DB, email);
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) throw new AppError("INVALID_CREDENTIALS");
  const at = iso(now);
  await recordLogin(env.DB, user.id, at, country);
  return { user: { ...user, lastLogin: at, country }, ...(await issueLoginTokens(env, user, crypto.randomUUID(), now)) };
}

/** An access token plus a fresh refresh token in family `familyId` (the token's `sid`). */
async function issueLoginTokens(env: Env, user: UserRow, familyId: string, now: number) {
  const scopes = scopesForRole(user.role);
  const access = await issueAccessToken(
    env,
    { userId: user.id, role: user.role, tier: user.tier, scopes, sid: familyId, ttlSeconds: LOGIN_TOKEN_TTL },
    now,
  );
  const refreshToken = REFRESH_PREFIX + randomToken(32);
  await insertRefreshToken(env.DB, {
    id: newId("rt", now),
    tokenHash: await sha256Hex(refreshToken),
    familyId,
    userId: user.id,
    clientId: null,
    scope: scopes.join(" "),
    createdAt: iso(now),
    expiresAt: iso(now + REFRESH_TOKEN_TTL * 1000),
  });
  return { token: access.token, expiresIn: access.expiresIn, refreshToken };
}

/**
 * Rotate a refresh token. A token that was already used means it leaked (or
 * a client replayed it): the whole family is revoked, including the access
 * tokens issued from it (RFC 9700 §4.14.2).
 */
export async function refresh(env: Env, presented: string, now = Date.now()): Promise<LoginResult> {
  const invalid = () => new AppError("TOKEN_INVALID", { message: "The refresh token is invalid, expired or revoked." });
  const row = await findRefreshTokenByHash(env.DB, await sha256Hex(presented));
  if (!row || row.clientId !== null) throw invalid();
  if (row.revokedAt) throw invalid();
  if (row.usedAt || !(await consumeRefreshToken(env.DB, row.id, iso(now)))) {
    await revokeLoginFamily(env, row.familyId, now);
    throw new AppError("TOKEN_INVALID", { message: "The refresh token was already used; its session has been revoked." });
  }
  if (Date.parse(row.expiresAt) <= now) throw new AppError("TOKEN_EXPIRED", { message: "The refresh token has expired." });
  const user = await findUserById(env.DB, row.userId);
  if (!user) throw invalid();
  return { user, ...(await issueLoginTokens(env, user, row.familyId, now)) };
}

/** Revoke the presented access token's session: its refresh family and every access token of it. */
export async function logout(env: Env, principal: Principal, now = Date.now()): Promise<void> {
  const sid = principal.credential.sid ?? principal.credential.id;
  await revokeLoginFamily(env, sid, now);
}

async function revokeLoginFamily(env: Env, familyId: string, now: number) {
  await Promise.all([revokeFamily(env.DB, familyId, iso(now)), revokeSession(env.KV, familyId, LOGIN_TOKEN_TTL)]);
}
