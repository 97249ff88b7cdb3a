import { isClientRevoked, isSessionRevoked } from "../../db/revocations";
import type { Bindings } from "../../env";
import { AppError } from "../../errors";
import { type AccessTokenClaims, bearerChallenge, FIRST_PARTY_CLIENT_ID, verifyAccessToken } from "./access-tokens";
import { type Defer, principalFromApiKey } from "./api-keys/authenticate-key";
import { looksLikeApiKey } from "./api-keys/format";
import type { Principal } from "./principal";
import type { Scope } from "./scopes";

export interface PresentedCredentials {
  authorization?: string | undefined;
  apiKey?: string | undefined;
  /** Runs background work after the response (ctx.waitUntil); defaults to awaiting nothing. */
  defer?: Defer;
}

type Env = Pick<Bindings, "KV" | "DB" | "ENVIRONMENT" | "AUTH_ISSUER" | "JWT_PRIVATE_KEY" | "JWT_PREVIOUS_PUBLIC_KEYS">;

const swallow: Defer = (work) => void work.catch((err) => console.error(JSON.stringify({ error: String(err) })));

/**
 * Turn whatever credential was presented into one Principal (or null when
 * none was presented). Every credential kind ends here:
 * - `X-API-Key: sak_…` — an API key;
 * - `Authorization: Bearer sak_…` — an API key too (the spec's second
 *   reference); told apart from a JWT by its `sak_` prefix (a JWT starts `eyJ`);
 * - `Authorization: Bearer <jwt>` — a login or OAuth access token (RFC 9068).
 * Sending both headers is refused: one request, one credential.
 */
export async function authenticateCredential(env: Env, presented: PresentedCredentials): Promise<Principal | null> {
  const defer = presented.defer ?? swallow;
  const bearer = parseBearer(presented.authorization);
  if (bearer !== null && presented.apiKey !== undefined) {
    throw new AppError("TOKEN_INVALID", {
      message: "Send either an Authorization header or an X-API-Key header, not both.",
    });
  }
  if (presented.apiKey !== undefined) return principalFromApiKey(env, presented.apiKey.trim(), defer);
  if (bearer !== null)
    return looksLikeApiKey(bearer) ? principalFromApiKey(env, bearer, defer) : principalFromAccessToken(env, bearer);
  return null;
}

function parseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header);
  if (!match)
    throw new AppError("TOKEN_INVALID", {
      message: "The Authorization header must be 'Bearer <token>'.",
      headers: bearerChallenge("invalid_token"),
    });
  return match[1]!;
}

/**
 * Verified claims are cached per token (access-tokens.ts), so their scope set is built once per
 * token as well; principals only read it.
 */
const scopeSets = new WeakMap<AccessTokenClaims, Set<Scope>>();
function scopeSetOf(claims: AccessTokenClaims): Set<Scope> {
  let set = scopeSets.get(claims);
  if (!set) {
    set = new Set(claims.scopes);
    scopeSets.set(claims, set);
  }
  return set;
}

async function principalFromAccessToken(env: Env, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(env, token);
  const firstParty = claims.client_id === FIRST_PARTY_CLIENT_ID;
  // The acting account (tier, status) is resolved by the authenticate middleware, once it knows
  // whom the request acts for.
  // A login token has no client to check; an OAuth token's two checks run side by side.
  const revoked = firstParty
    ? await isSessionRevoked(env.DB, claims.sid)
    : (await Promise.all([isSessionRevoked(env.DB, claims.sid), isClientRevoked(env.DB, claims.client_id)])).some(
        Boolean,
      );
  if (revoked) {
    throw new AppError("TOKEN_INVALID", {
      message: "The access token has been revoked.",
      headers: bearerChallenge("invalid_token", "The access token has been revoked"),
    });
  }
  return {
    userId: claims.sub,
    // A sign-on token is never an administrator's, whatever it claims.
    role: claims.org ? "user" : claims.role,
    tier: claims.tier,
    scopes: scopeSetOf(claims),
    ...(claims.org ? { boundOrganization: claims.org } : {}),
    credential: {
      kind: firstParty ? "login_token" : "oauth_token",
      id: claims.jti,
      sid: claims.sid,
      clientId: claims.client_id,
      expiresAt: claims.exp,
    },
  };
}
