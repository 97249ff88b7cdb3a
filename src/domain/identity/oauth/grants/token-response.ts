import type { UserRow } from "../../../../db/users";
import type { Context } from "../../../context";
import { CLIENT_TOKEN_TTL, issueAccessToken } from "../../access-tokens";
import type { Scope } from "../../scopes";

/** Every OAuth access token lives one hour (spec part 5 for client_credentials; we use it for all OAuth grants). */
const OAUTH_ACCESS_TOKEN_TTL = CLIENT_TOKEN_TTL;

export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  scope: string;
  issued_at: number;
  refresh_token?: string;
}

/** RFC 6749 §5.1 successful response, plus the spec's `issued_at`. */
export async function accessTokenResponse(
  ctx: Context,
  grant: {
    user: Pick<UserRow, "id" | "role" | "tier">;
    clientId: string;
    scopes: Scope[];
    sid: string;
    refreshToken?: string;
    /** RFC 8707: the MCP server's identifier, the token's `aud`; null/absent for the REST API. */
    resource?: string | null;
  },
): Promise<TokenResponse> {
  const access = await issueAccessToken(ctx, {
    userId: grant.user.id,
    role: grant.user.role,
    tier: grant.user.tier,
    scopes: grant.scopes,
    sid: grant.sid,
    clientId: grant.clientId,
    ttlSeconds: OAUTH_ACCESS_TOKEN_TTL,
    ...(grant.resource ? { audience: grant.resource } : {}),
  });
  return {
    access_token: access.token,
    token_type: "Bearer",
    expires_in: access.expiresIn,
    scope: grant.scopes.join(" "),
    issued_at: access.issuedAt,
    ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
  };
}
