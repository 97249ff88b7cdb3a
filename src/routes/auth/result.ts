import type { LoginResult } from "../../domain/identity/accounts";
import type { MfaChallenge } from "../../domain/identity/mfa/challenge";
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

/** The answer to a password sign-in of an account with a second factor: MfaChallenge (./schemas.ts). */
export function mfaChallengeResult(result: MfaChallenge) {
  return {
    mfa_required: true as const,
    challenge: result.challenge,
    expires_in: result.expiresIn,
    factors: result.factors,
    ...(result.webauthn ? { webauthn: result.webauthn } : {}),
  };
}
