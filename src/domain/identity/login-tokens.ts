import type { UserRow } from "../../db/users";
import type { Context } from "../context";
import { issueAccessToken, LOGIN_TOKEN_TTL } from "./access-tokens";
import { issueRefreshToken } from "./refresh-rotation";
import { scopesForRole } from "./scopes";

/** What a completed sign-in returns: the account and its first pair of tokens. */
export interface LoginResult {
  user: UserRow;
  token: string;
  expiresIn: number;
  refreshToken: string;
}

/**
 * An access token plus a fresh refresh token in family `familyId` (the token's `sid`). A sign-in
 * through an organization's connection (`organizationId`) acts for that organization only and
 * never as a service administrator (docs/sso.md "What a sign-on token may do").
 */
export async function issueLoginTokens(
  ctx: Context,
  input: { user: UserRow; familyId: string; organizationId?: string | null },
) {
  const { user, familyId } = input;
  const organizationId = input.organizationId ?? null;
  const role = organizationId ? "user" : user.role;
  const scopes = scopesForRole(role);
  const access = await issueAccessToken(ctx, {
    userId: user.id,
    role,
    tier: user.tier,
    scopes,
    sid: familyId,
    ttlSeconds: LOGIN_TOKEN_TTL,
    ...(organizationId ? { organizationId } : {}),
  });
  const refreshToken = await issueRefreshToken(ctx, {
    familyId,
    userId: user.id,
    clientId: null,
    scope: scopes.join(" "),
    organizationId,
  });
  return { token: access.token, expiresIn: access.expiresIn, refreshToken };
}
