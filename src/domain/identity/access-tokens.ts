import { createLocalJWKSet, type JWTPayload, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../../errors";
import type { Context } from "../context";
import type { Tier } from "./principal";
import type { Role, Scope } from "./scopes";
import { parseScopeString } from "./scopes";
import { ALG, type SigningKeys, signingKeys } from "./signing-keys";

/** Lifetimes (spec part 5): login/refresh tokens 86400 s; client_credentials 3600 s. */
export const LOGIN_TOKEN_TTL = 86_400;
export const CLIENT_TOKEN_TTL = 3_600;
/** client_id carried by tokens from /v1/auth/* (RFC 9068 requires one). */
export const FIRST_PARTY_CLIENT_ID = "session-analysis-first-party";

export interface AccessTokenInput {
  userId: string;
  role: Role;
  tier: Tier;
  scopes: readonly Scope[];
  /** Revocation unit: the login session / grant the token belongs to. */
  sid: string;
  clientId?: string;
  ttlSeconds: number;
  /** The resource the token is for (RFC 8707): the REST API (default) or the MCP server. */
  audience?: string;
  /** A sign-in through this organization's connection: the token acts for it only (`org` claim). */
  organizationId?: string;
}

export interface AccessTokenClaims {
  sub: string;
  jti: string;
  sid: string;
  exp: number;
  iat: number;
  client_id: string;
  scopes: Scope[];
  role: Role;
  tier: Tier;
  /** The one resource the token is for (RFC 9068 §3 `aud`). */
  aud: string;
  /** The organization a sign-on token is bound to (docs/sso.md); absent for every other token. */
  org?: string;
}

/** The audience of our access tokens: this API (RFC 9068 §3 `aud`). */
export const audienceOf = (issuer: string) => `${issuer.replace(/\/$/, "")}/v1`;

/**
 * The MCP server's resource identifier (RFC 8707 §2, RFC 9728 `resource`): its own URL. Tokens for it carry it
 * as `aud` and are accepted only there, and REST tokens are not accepted there (docs/decisions.md "MCP server").
 */
export const mcpResourceOf = (issuer: string) => `${issuer.replace(/\/$/, "")}/mcp`;

/** Every audience a token we sign may carry. */
const audiencesOf = (issuer: string) => [audienceOf(issuer), mcpResourceOf(issuer)];

/** Sign an RFC 9068 access token (typ at+jwt) with the current ES256 key. */
export async function issueAccessToken(ctx: Context, input: AccessTokenInput) {
  const keys = await signingKeys(ctx.config);
  const iat = Math.floor(ctx.now() / 1000);
  const jti = crypto.randomUUID();
  const token = await new SignJWT({
    scope: input.scopes.join(" "),
    client_id: input.clientId ?? FIRST_PARTY_CLIENT_ID,
    sid: input.sid,
    role: input.role,
    tier: input.tier,
    ...(input.organizationId ? { org: input.organizationId } : {}),
  })
    .setProtectedHeader({ alg: ALG, typ: "at+jwt", kid: keys.kid })
    .setIssuer(ctx.config.issuer)
    .setAudience(input.audience ?? audienceOf(ctx.config.issuer))
    .setSubject(input.userId)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(iat + input.ttlSeconds)
    .sign(keys.privateKey);
  return { token, jti, expiresIn: input.ttlSeconds, issuedAt: iat };
}

const jwksCache = new WeakMap<SigningKeys, ReturnType<typeof createLocalJWKSet>>();

/**
 * Tokens this isolate has already verified, by their exact text, per key set:
 * an ECDSA verification costs more CPU than the rest of a read, and a busy
 * client sends the same token many times. The signature covers every byte, so
 * the same text verified once is the same claims; expiry is still checked on
 * every request, and a rotated-out key drops the whole map (keyed by the key set).
 */
const MAX_VERIFIED = 10_000;
const verifiedCache = new WeakMap<SigningKeys, Map<string, AccessTokenClaims>>();

/**
 * Verify signature, alg, typ, iss, aud and exp. Expired → TOKEN_EXPIRED; anything else → TOKEN_INVALID.
 * `audience`: the resource the caller serves (default the REST API); a token for another one is invalid here.
 * "any" is for the authorization server's own endpoints (revocation, introspection), which handle tokens of both.
 */
export async function verifyAccessToken(
  ctx: Context,
  input: { token: string; audience?: string | undefined },
): Promise<AccessTokenClaims> {
  const { token, audience = audienceOf(ctx.config.issuer) } = input;
  const claims = await verifiedClaims(ctx, token, ctx.now());
  if (audience !== "any" && claims.aud !== audience)
    throw new AppError("TOKEN_INVALID", {
      message: "The access token was issued for another resource.",
    });
  return claims;
}

async function verifiedClaims(ctx: Context, token: string, now: number): Promise<AccessTokenClaims> {
  const keys = await signingKeys(ctx.config);
  let verified = verifiedCache.get(keys);
  if (!verified) {
    verified = new Map();
    verifiedCache.set(keys, verified);
  }
  const hit = verified.get(token);
  if (hit) {
    if (hit.exp * 1000 > now) return hit;
    verified.delete(token);
  }
  const claims = await verifySignature(ctx, keys, token);
  if (verified.size >= MAX_VERIFIED) verified.clear();
  verified.set(token, claims);
  return claims;
}

async function verifySignature(ctx: Context, keys: SigningKeys, token: string): Promise<AccessTokenClaims> {
  let jwks = jwksCache.get(keys);
  if (!jwks) {
    jwks = createLocalJWKSet({ keys: keys.publicJwks });
    jwksCache.set(keys, jwks);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, jwks, {
      algorithms: [ALG],
      issuer: ctx.config.issuer,
      audience: audiencesOf(ctx.config.issuer),
      typ: "at+jwt",
      requiredClaims: ["sub", "jti", "exp", "iat"],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError("TOKEN_EXPIRED");
    throw new AppError("TOKEN_INVALID");
  }
  const role = payload.role === "admin" ? "admin" : "user";
  const tier = (["basic", "professional", "enterprise"] as const).find((t) => t === payload.tier) ?? "basic";
  return {
    sub: payload.sub!,
    jti: payload.jti!,
    sid: typeof payload.sid === "string" ? payload.sid : payload.jti!,
    exp: payload.exp!,
    iat: payload.iat!,
    client_id: typeof payload.client_id === "string" ? payload.client_id : FIRST_PARTY_CLIENT_ID,
    scopes: parseScopeString(typeof payload.scope === "string" ? payload.scope : ""),
    role,
    tier,
    aud: Array.isArray(payload.aud) ? (payload.aud.length === 1 ? payload.aud[0]! : "") : (payload.aud ?? ""),
    ...(typeof payload.org === "string" ? { org: payload.org } : {}),
  };
}
