import { isClientRevoked, isSessionRevoked } from "../../db/revocations";
import { AppError } from "../../errors";
import type { Context } from "../context";
import { type AccessTokenClaims, FIRST_PARTY_CLIENT_ID, mcpResourceOf, verifyAccessToken } from "./access-tokens";
import { type Defer, principalFromApiKey } from "./api-keys/authenticate-key";
import { looksLikeApiKey } from "./api-keys/format";
import type { Principal } from "./principal";
import type { Scope } from "./scopes";

export interface PresentedCredentials {
  authorization?: string | undefined;
  apiKey?: string | undefined;
  /** Runs background work after the response (ctx.waitUntil); defaults to awaiting nothing. */
  defer?: Defer;
  /**
   * The resource being called: the REST API (default) or the MCP server, which takes only access tokens issued for
   * it (RFC 8707): no API key, no REST token (docs/decisions.md "MCP server").
   */
  resource?: "api" | "mcp";
}

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
export async function authenticateCredential(ctx: Context, presented: PresentedCredentials): Promise<Principal | null> {
  const defer = presented.defer ?? swallow;
  const bearer = parseBearer(presented.authorization);
  if (bearer !== null && presented.apiKey !== undefined) {
    throw new AppError("TOKEN_INVALID", {
      message: "Send either an Authorization header or an X-API-Key header, not both.",
    });
  }
  if (presented.resource === "mcp") {
    if (presented.apiKey !== undefined || (bearer !== null && looksLikeApiKey(bearer)))
      throw new AppError("TOKEN_INVALID", {
        message: "The MCP server accepts only OAuth access tokens issued for it, not API keys.",
      });
    return bearer === null ? null : principalFromAccessToken(ctx, bearer, mcpResourceOf(ctx.config.issuer));
  }
  if (presented.apiKey !== undefined) return principalFromApiKey(ctx, { key: presented.apiKey.trim(), defer });
  if (bearer !== null)
    return looksLikeApiKey(bearer)
      ? principalFromApiKey(ctx, { key: bearer, defer })
      : principalFromAccessToken(ctx, bearer);
  return null;
}

function parseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header);
  if (!match)
    throw new AppError("TOKEN_INVALID", {
      message: "The Authorization header must be 'Bearer <token>'.",
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

async function principalFromAccessToken(ctx: Context, token: string, audience?: string): Promise<Principal> {
  const claims = await verifyAccessToken(ctx, { token, audience });
  const firstParty = claims.client_id === FIRST_PARTY_CLIENT_ID;
  // The acting account (tier, status) is resolved by the authenticate middleware, once it knows
  // whom the request acts for.
  // A login token has no client to check; an OAuth token's two checks run side by side.
  const revoked = firstParty
    ? await isSessionRevoked(ctx.db, claims.sid)
    : (await Promise.all([isSessionRevoked(ctx.db, claims.sid), isClientRevoked(ctx.db, claims.client_id)])).some(
        Boolean,
      );
  if (revoked) {
    throw new AppError("TOKEN_INVALID", {
      message: "The access token has been revoked.",
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
