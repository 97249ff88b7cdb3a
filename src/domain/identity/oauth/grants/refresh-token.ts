import { findUserById } from "../../../../db/users";
import type { Context } from "../../../context";
import { consumeForRotation, issueRefreshToken } from "../../refresh-rotation";
import { parseScopeString, scopesForRole } from "../../scopes";
import { grantResource } from "../authorization-request";
import type { AuthenticatedClient } from "../client-auth";
import { OAuthError } from "../errors";
import type { FormParams } from "../form";
import { grantScopes, intersect } from "../scopes";
import { accessTokenResponse, type TokenResponse } from "./token-response";

/**
 * RFC 6749 §6. The refresh token is bound to its client and rotated on every
 * use; presenting one that was already used revokes its whole family and the
 * access tokens issued from it (RFC 9700 §4.14.2). `scope` may narrow the new
 * access token; the grant itself (and the new refresh token) keeps its scope.
 */
export async function refreshTokenGrant(
  ctx: Context,
  { client: { client }, form }: { client: AuthenticatedClient; form: FormParams },
): Promise<TokenResponse> {
  if (!client.grantTypes.includes("authorization_code"))
    throw new OAuthError("unauthorized_client", "This client may not use the refresh_token grant.");
  const presented = form.require("refresh_token");
  const resource = grantResource(form.get("resource"), ctx.config.issuer);
  const requested = form.get("scope");
  let scopes: ReturnType<typeof grantScopes> = [];
  const outcome =
    presented.length > 256
      ? ({ ok: false, reason: "invalid" } as const)
      : await consumeForRotation(ctx, {
          presented,
          clientId: client.id,
          precheck: (row) => {
            // RFC 8707 §2.2: a refresh asks for the grant's own resource, or names none.
            if (form.get("resource") !== undefined && resource !== (row.resource ?? null))
              throw new OAuthError("invalid_target", "resource does not match the grant.");
            scopes = grantScopes(requested, parseScopeString(row.scope));
          },
        });
  if (!outcome.ok) {
    throw new OAuthError(
      "invalid_grant",
      outcome.reason === "reused"
        ? "The refresh token was already used; the grant has been revoked."
        : "The refresh token is invalid, expired or revoked.",
    );
  }
  const user = await findUserById(ctx.db, outcome.row.userId);
  if (!user) throw new OAuthError("invalid_grant", "The refresh token is invalid, expired or revoked.");
  const allowed = scopesForRole(user.role);
  const refreshToken = await issueRefreshToken(ctx, {
    familyId: outcome.row.familyId,
    userId: user.id,
    clientId: client.id,
    scope: outcome.row.scope,
    resource: outcome.row.resource,
  });
  return accessTokenResponse(ctx, {
    user,
    clientId: client.id,
    scopes: intersect(scopes, allowed),
    sid: outcome.row.familyId,
    refreshToken,
    resource: outcome.row.resource,
  });
}
