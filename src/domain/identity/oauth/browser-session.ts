import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
import { findConnection } from "../../../db/sso";
import { findUserById } from "../../../db/users";
import type { Context } from "../../context";
import { scopesForRole } from "../scopes";
import { ALG, signingKeys } from "../signing-keys";

/**
 * The authorization server's own browser session: who signed in on the
 * authorize page. A short JWT signed with our ES256 key, kept in an HttpOnly,
 * SameSite=Lax cookie whose Path is the authorize endpoint only, so the API
 * never sees it. Its `typ` and `aud` differ from access tokens', so neither
 * can stand in for the other.
 */
export const BROWSER_SESSION_TTL_SECONDS = 3600;
const TYP = "sas-authz-session+jwt";
const audience = (issuer: string) => `${issuer.replace(/\/$/, "")}/oauth2/authorize`;

/**
 * `viaSso`: the organization whose connection signed the browser in; such a session never grants
 * the service-administrator scopes (docs/sso.md "What a sign-on token may do").
 */
export async function signBrowserSession(
  ctx: Context,
  { userId, viaSso }: { userId: string; viaSso?: string },
): Promise<string> {
  const keys = await signingKeys(ctx.config);
  const iat = Math.floor(ctx.now() / 1000);
  return new SignJWT(viaSso ? { sso_org: viaSso } : {})
    .setProtectedHeader({ alg: ALG, typ: TYP, kid: keys.kid })
    .setIssuer(ctx.config.issuer)
    .setAudience(audience(ctx.config.issuer))
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + BROWSER_SESSION_TTL_SECONDS)
    .sign(keys.privateKey);
}

interface BrowserSession {
  userId: string;
  /** When it was signed (epoch seconds): void if the account's credentials were revoked later. */
  issuedAt: number;
  viaSso: string | null;
}

/**
 * The browser session after single sign-on through `connectionId`: it names the connection's organization
 * (the connection itself if it is gone meanwhile), so it never grants the administrator scopes.
 */
export async function signBrowserSessionViaConnection(
  ctx: Context,
  { userId, connectionId }: { userId: string; connectionId: string },
): Promise<string> {
  const organizationId = (await findConnection(ctx.db, connectionId))?.organizationId;
  return signBrowserSession(ctx, { userId, viaSso: organizationId ?? connectionId });
}

/**
 * The browser's signed-in user, with the scopes this sign-in may grant: none of the administrator
 * scopes when it came through a sign-on connection. Null when absent, or signed before the
 * account's credentials were revoked (a taken-over account, docs/security.md).
 */
export async function browserSessionUser(ctx: Context, { cookie }: { cookie: string | undefined }) {
  const session = await readBrowserSession(ctx, cookie);
  if (!session) return null;
  const user = await findUserById(ctx.db, session.userId);
  if (!user) return null;
  if (user.credentialsRevokedAt && session.issuedAt * 1000 < Date.parse(user.credentialsRevokedAt)) return null;
  return { ...user, grantable: scopesForRole(session.viaSso ? "user" : user.role) };
}

/** The signed-in user, or null for a missing, expired or forged cookie. */
async function readBrowserSession(ctx: Context, cookie: string | undefined): Promise<BrowserSession | null> {
  if (!cookie || cookie.length > 2048) return null;
  const keys = await signingKeys(ctx.config);
  try {
    const { payload } = await jwtVerify(cookie, createLocalJWKSet({ keys: keys.publicJwks }), {
      algorithms: [ALG],
      typ: TYP,
      issuer: ctx.config.issuer,
      audience: audience(ctx.config.issuer),
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (!payload.sub) return null;
    return {
      userId: payload.sub,
      issuedAt: payload.iat ?? 0,
      viaSso: typeof payload.sso_org === "string" ? payload.sso_org : null,
    };
  } catch {
    return null;
  }
}
