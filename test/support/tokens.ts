import { env } from "cloudflare:workers";
import { generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { audienceOf, issueAccessToken, LOGIN_TOKEN_TTL } from "../../src/domain/identity/access-tokens";
import type { Scope } from "../../src/domain/identity/scopes";
import { testContext } from "./context";

/** Sign a token with the service's real key, for a user, with chosen scopes and times. */
export async function mintToken(
  userId: string,
  opts: { scopes?: Scope[]; now?: number; ttl?: number; role?: "user" | "admin" } = {},
) {
  const { token } = await issueAccessToken(testContext(opts.now === undefined ? {} : { now: () => opts.now! }), {
    userId,
    role: opts.role ?? "user",
    tier: "basic",
    scopes: opts.scopes ?? [],
    sid: crypto.randomUUID(),
    ttlSeconds: opts.ttl ?? LOGIN_TOKEN_TTL,
  });
  return token;
}

/** Sign arbitrary claims with the service's real private key (for wrong-iss etc.). */
export async function signWithServiceKey(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
  const jwk = JSON.parse(env.JWT_PRIVATE_KEY!) as JWK;
  const key = await importJWK({ ...jwk, alg: "ES256" }, "ES256");
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: jwk.kid, ...header }).sign(key);
}

/** Sign with a key the service has never seen. */
export async function signWithForeignKey(claims: Record<string, unknown>) {
  const { privateKey } = await generateKeyPair("ES256");
  const jwk = JSON.parse(env.JWT_PRIVATE_KEY!) as JWK;
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: jwk.kid }).sign(privateKey);
}

export function standardClaims(sub: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: env.AUTH_ISSUER,
    aud: audienceOf(env.AUTH_ISSUER),
    sub,
    jti: crypto.randomUUID(),
    sid: crypto.randomUUID(),
    iat: now,
    exp: now + 600,
    scope: "profile email",
    client_id: "session-analysis-first-party",
  };
}

export function decodePayload(token: string): Record<string, unknown> {
  const part = token.split(".")[1]!;
  return JSON.parse(atob(part.replace(/-/g, "+").replace(/_/g, "/")));
}

/** An access token for the user carrying only `scopes` (for 403 checks). */
export const tokenWithScopes = (userId: string, scopes: Scope[]) => mintToken(userId, { scopes, ttl: 600 });
