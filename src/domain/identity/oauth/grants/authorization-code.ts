import { consumeAuthorizationCodeWrite, findAuthorizationCodeByHash } from "../../../../db/authorization-codes";
import { findUserById } from "../../../../db/users";
import { iso } from "../../../../lib/clock";
import { sha256Hex } from "../../../../lib/crypto";
import type { Context } from "../../../context";
import { commitWrite } from "../../../unit-of-work";
import { issueRefreshToken, revokeGrantFamily } from "../../refresh-rotation";
import { parseScopeString, scopesForRole } from "../../scopes";
import { grantResource } from "../authorization-request";
import type { AuthenticatedClient } from "../client-auth";
import { OAuthError } from "../errors";
import type { FormParams } from "../form";
import { verifierMatches } from "../pkce";
import { intersect } from "../scopes";
import { accessTokenResponse, type TokenResponse } from "./token-response";

const badCode = (why = "The authorization code is invalid, expired or already used.") =>
  new OAuthError("invalid_grant", why);

/**
 * RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5–4.6). The code is single-use:
 * a second exchange is refused and revokes every token issued from the
 * first (§4.1.2, §10.5). redirect_uri must equal the authorization request's.
 */
export async function authorizationCodeGrant(
  ctx: Context,
  { client: { client }, form }: { client: AuthenticatedClient; form: FormParams },
): Promise<TokenResponse> {
  const now = ctx.now();
  if (!client.grantTypes.includes("authorization_code"))
    throw new OAuthError("unauthorized_client", "This client may not use the authorization_code grant.");
  const code = form.require("code");
  const redirectUri = form.require("redirect_uri");
  const verifier = form.get("code_verifier");

  const row = code.length <= 256 ? await findAuthorizationCodeByHash(ctx.db, await sha256Hex(code)) : undefined;
  if (!row || row.clientId !== client.id) throw badCode();
  if (row.usedAt) {
    await revokeGrantFamily(ctx, row.familyId);
    throw badCode();
  }
  if (Date.parse(row.expiresAt) <= now) throw badCode();
  if (row.redirectUri !== redirectUri) throw badCode("redirect_uri does not match the authorization request.");
  if (row.codeChallenge !== null) {
    if (verifier === undefined) throw new OAuthError("invalid_request", "code_verifier is required (PKCE).");
    if (!(await verifierMatches(verifier, row.codeChallenge)))
      throw badCode("The code_verifier does not match the code_challenge.");
  } else if (verifier !== undefined) {
    // RFC 9700 §2.1.1: a verifier without a challenge is refused (PKCE downgrade).
    throw badCode("A code_verifier was sent but the authorization request had no code_challenge.");
  }
  // RFC 8707 §2.2: a resource at the token endpoint must be the one the grant is for (none: the grant's).
  const resource = form.get("resource");
  if (resource !== undefined && grantResource(resource, ctx.config.issuer) !== (row.resource ?? null)) {
    throw new OAuthError("invalid_target", "resource does not match the authorization request.");
  }
  if (!(await commitWrite(ctx, consumeAuthorizationCodeWrite(ctx.db, row.id, iso(now))))) {
    await revokeGrantFamily(ctx, row.familyId);
    throw badCode();
  }

  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw badCode();
  const scopes = intersect(parseScopeString(row.scope), scopesForRole(user.role));
  const refreshToken = await issueRefreshToken(ctx, {
    familyId: row.familyId,
    userId: user.id,
    clientId: client.id,
    scope: scopes.join(" "),
    resource: row.resource,
  });
  return accessTokenResponse(ctx, {
    user,
    clientId: client.id,
    scopes,
    sid: row.familyId,
    refreshToken,
    resource: row.resource,
  });
}
