import { findRefreshTokenByHash } from "../../../db/refresh-tokens";
import { isClientRevoked, isSessionRevoked } from "../../../db/revocations";
import { sha256Hex } from "../../../lib/crypto";
import type { Context } from "../../context";
import { type AccessTokenClaims, verifyAccessToken } from "../access-tokens";
import { REFRESH_PREFIX, revokeGrantFamily } from "../refresh-rotation";
import { authenticateClient } from "./client-auth";
import { OAuthError } from "./errors";
import type { FormParams } from "./form";

async function accessClaims(ctx: Context, token: string): Promise<AccessTokenClaims | null> {
  if (token.length > 4096) return null;
  try {
    return await verifyAccessToken(ctx, { token, audience: "any" });
  } catch {
    return null;
  }
}

const refreshRow = async (ctx: Context, token: string) =>
  token.startsWith(REFRESH_PREFIX) && token.length <= 256
    ? findRefreshTokenByHash(ctx.db, await sha256Hex(token))
    : undefined;

/**
 * POST /oauth2/revoke (RFC 7009). Revoking either token of a grant revokes
 * the whole grant: its refresh family and every access token with its `sid`
 * (§2.1 allows it, and it is what a client asking to revoke means).
 * Unknown, invalid or foreign tokens get the same 200 (§2.2), so the
 * endpoint tells nobody whether a token exists. `token_type_hint` only
 * orders the search (§2.1); both kinds are recognised by their form.
 */
export async function revokeToken(
  ctx: Context,
  { authorization, form }: { authorization: string | undefined; form: FormParams },
): Promise<void> {
  const { client } = await authenticateClient(ctx, { authorization, form });
  const token = form.require("token");
  form.get("token_type_hint"); // only checked for repetition: both token kinds are recognised by their form
  const row = await refreshRow(ctx, token);
  if (row) {
    if (row.clientId === client.id) await revokeGrantFamily(ctx, row.familyId);
    return;
  }
  const claims = await accessClaims(ctx, token);
  if (claims && claims.client_id === client.id) await revokeGrantFamily(ctx, claims.sid);
}

export type IntrospectionResponse = { active: false } | ({ active: true } & Record<string, unknown>);

/**
 * POST /oauth2/introspect (RFC 7662). Confidential clients only, and a
 * client learns about its own tokens only: a token of another client is
 * reported `{active: false}` (§2.2 allows it; it keeps grants private).
 */
export async function introspectToken(
  ctx: Context,
  { authorization, form }: { authorization: string | undefined; form: FormParams },
): Promise<IntrospectionResponse> {
  const now = ctx.now();
  const { client, method } = await authenticateClient(ctx, { authorization, form });
  if (method === "none")
    throw new OAuthError(
      "invalid_client",
      "Introspection needs client authentication (public clients cannot introspect).",
    );
  const token = form.require("token");
  form.get("token_type_hint"); // only checked for repetition: both token kinds are recognised by their form
  const inactive = { active: false } as const;

  const row = await refreshRow(ctx, token);
  if (row) {
    if (row.clientId !== client.id || row.revokedAt || row.usedAt || Date.parse(row.expiresAt) <= now) return inactive;
    if (await isSessionRevoked(ctx.db, row.familyId, now, 0)) return inactive;
    return {
      active: true,
      token_type: "refresh_token",
      scope: row.scope,
      client_id: row.clientId,
      sub: row.userId,
      iss: ctx.config.issuer,
      iat: Math.floor(Date.parse(row.createdAt) / 1000),
      exp: Math.floor(Date.parse(row.expiresAt) / 1000),
    };
  }
  const claims = await accessClaims(ctx, token);
  if (!claims || claims.client_id !== client.id) return inactive;
  const [sessionRevoked, clientRevoked] = await Promise.all([
    isSessionRevoked(ctx.db, claims.sid, now, 0),
    isClientRevoked(ctx.db, claims.client_id, now, 0),
  ]);
  if (sessionRevoked || clientRevoked) return inactive;
  return {
    active: true,
    token_type: "Bearer",
    scope: claims.scopes.join(" "),
    client_id: claims.client_id,
    sub: claims.sub,
    iss: ctx.config.issuer,
    aud: claims.aud,
    iat: claims.iat,
    exp: claims.exp,
    jti: claims.jti,
  };
}
