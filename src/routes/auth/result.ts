import type { LoginResult } from "../../domain/identity/accounts";
import { userSummary } from "../../domain/users/resources";

/** The body of every sign-in's answer (password, registration, LDAP, SAML): AuthResult (./schemas.ts). */
export function authResult(result: LoginResult) {
  return {
    user: userSummary(result.user),
    token: result.token,
    token_type: "Bearer" as const,
    expires_in: result.expiresIn,
    refresh_token: result.refreshToken,
  };
}
