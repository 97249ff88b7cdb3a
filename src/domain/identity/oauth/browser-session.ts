import { createLocalJWKSet, jwtVerify, SignJWT } from "jose";
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

type Env = { ENVIRONMENT: string; AUTH_ISSUER: string; JWT_PRIVATE_KEY?: string; JWT_PREVIOUS_PUBLIC_KEYS?: string };

export async function signBrowserSession(env: Env, userId: string, now = Date.now()): Promise<string> {
  const keys = await signingKeys(env);
  const iat = Math.floor(now / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: TYP, kid: keys.kid })
    .setIssuer(env.AUTH_ISSUER)
    .setAudience(audience(env.AUTH_ISSUER))
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + BROWSER_SESSION_TTL_SECONDS)
    .sign(keys.privateKey);
}

/** The signed-in user's id, or null for a missing, expired or forged cookie. */
export async function readBrowserSession(env: Env, cookie: string | undefined): Promise<string | null> {
  if (!cookie || cookie.length > 2048) return null;
  const keys = await signingKeys(env);
  try {
    const { payload } = await jwtVerify(cookie, createLocalJWKSet({ keys: keys.publicJwks }), {
      algorithms: [ALG],
      typ: TYP,
      issuer: env.AUTH_ISSUER,
      audience: audience(env.AUTH_ISSUER),
      requiredClaims: ["sub", "exp"],
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
