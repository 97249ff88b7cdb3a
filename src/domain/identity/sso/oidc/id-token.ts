import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from "jose";
import type { IdTokenAlg } from "./discovery";

/** Why an ID token was refused: the `reason` of a 401 OIDC_RESPONSE_INVALID. */
export class IdTokenRejection extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Clock skew tolerated on `exp` and `iat` (the same two minutes as SAML's NotBefore/NotOnOrAfter). */
export const ID_TOKEN_SKEW_SECONDS = 120;
/** An ID token issued longer ago than this is refused, whatever its `exp` (Core §3.1.3.7 item 10). */
const ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;

export interface IdTokenExpectations {
  idToken: string;
  /** The issuer's keys (jwks.ts), or a local set in tests. */
  keys: JWTVerifyGetKey;
  issuer: string;
  clientId: string;
  /** The algorithms discovery declared that we accept: the header's `alg` must be one of them. */
  algorithms: IdTokenAlg[];
  /** The nonce this browser's sign-in sent (Core §3.1.2.1). */
  nonce: string;
  now: Date;
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
}

/**
 * The ID token checks of OpenID Connect Core §3.1.3.7: the signature by a key of the issuer's JWKS
 * with `alg` pinned, `iss` exactly, `aud` containing our client id, `azp` our client id
 * when present (and required when there are several audiences), `exp` and `iat` within the skew,
 * `iat` not too old, and `nonce` the one this sign-in sent.
 */
export async function verifyIdToken(expect: IdTokenExpectations): Promise<IdTokenClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(expect.idToken, expect.keys, {
      issuer: expect.issuer,
      audience: expect.clientId,
      algorithms: expect.algorithms,
      clockTolerance: ID_TOKEN_SKEW_SECONDS,
      maxTokenAge: ID_TOKEN_MAX_AGE_SECONDS,
      currentDate: expect.now,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
    }));
  } catch (error) {
    throw new IdTokenRejection(rejectionOf(error));
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (payload.azp !== undefined && payload.azp !== expect.clientId) {
    throw new IdTokenRejection("azp names another client");
  }
  if (audiences.length > 1 && payload.azp === undefined) {
    throw new IdTokenRejection("several audiences and no azp");
  }
  if (typeof payload.iat === "number" && payload.iat > expect.now.getTime() / 1000 + ID_TOKEN_SKEW_SECONDS) {
    throw new IdTokenRejection("iat is in the future");
  }
  if (typeof payload.nonce !== "string" || payload.nonce !== expect.nonce) {
    throw new IdTokenRejection("nonce does not match this sign-in");
  }
  if (typeof payload.sub !== "string" || payload.sub.length === 0) throw new IdTokenRejection("no sub");
  return payload as IdTokenClaims;
}

function rejectionOf(error: unknown): string {
  // jose reports a too-old iat (maxTokenAge) as JWTExpired too, naming the claim.
  if (error instanceof errors.JWTExpired) return error.claim === "exp" ? "expired (exp)" : `${error.claim}: too old`;
  if (error instanceof errors.JWTClaimValidationFailed) return `${error.claim}: ${error.reason}`;
  if (error instanceof errors.JOSEAlgNotAllowed) return "alg not allowed for this provider";
  if (error instanceof errors.JWKSNoMatchingKey) return "signed by a key the issuer does not publish";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "signature does not verify";
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid) return "not a signed JWT";
  if (error instanceof errors.JOSENotSupported) return "alg or key not supported";
  throw error;
}
