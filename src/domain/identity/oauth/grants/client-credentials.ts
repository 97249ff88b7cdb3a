import { findUserById } from "../../../../db/users";
import type { Context } from "../../../context";
import { scopesForRole } from "../../scopes";
import type { AuthenticatedClient } from "../client-auth";
import { OAuthError } from "../errors";
import type { FormParams } from "../form";
import { grantScopes, intersect } from "../scopes";
import { accessTokenResponse, type TokenResponse } from "./token-response";

/**
 * RFC 6749 §4.4. Only confidential clients registered for the grant. The
 * token acts for the client's owner, within the client's allowed scopes and
 * the owner's own; a fresh `sid` per token (revocable alone). No refresh
 * token (§4.4.3).
 */
export async function clientCredentialsGrant(
  ctx: Context,
  { client: { client, method }, form }: { client: AuthenticatedClient; form: FormParams },
): Promise<TokenResponse> {
  if (method === "none" || !client.grantTypes.includes("client_credentials")) {
    throw new OAuthError("unauthorized_client", "This client may not use the client_credentials grant.");
  }
  const owner = await findUserById(ctx.db, client.ownerUserId);
  if (!owner) throw new OAuthError("invalid_client", "Client authentication failed.");
  const scopes = grantScopes(form.get("scope"), intersect(client.allowedScopes, scopesForRole(owner.role)));
  return accessTokenResponse(ctx, { user: owner, clientId: client.id, scopes, sid: crypto.randomUUID() });
}
