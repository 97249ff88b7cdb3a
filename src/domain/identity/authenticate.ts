import { AppError } from "../../http/errors";
import { isSessionRevoked } from "../../db/revocations";
import type { Bindings } from "../../env";
import { FIRST_PARTY_CLIENT_ID, bearerChallenge, verifyAccessToken } from "./access-tokens";
import type { Principal } from "./principal";

export interface PresentedCredentials {
  authorization?: string | undefined;
  apiKey?: string | undefined;
}

type Env = Pick<Bindings, "KV" | "DB" | "ENVIRONMENT" | "AUTH_ISSUER" | "JWT_PRIVATE_KEY" | "JWT_PREVIOUS_PUBLIC_KEYS">;

/**
 * Turn whatever credential was presented into one Principal (or null when
 * none was presented). Every credential kind ends here.
 */
export async function authenticateCredential(env: Env, presented: PresentedCredentials): Promise<Principal | null> {
  const bearer = parseBearer(presented.authorization);
  if (bearer) return principalFromAccessToken(env, bearer);
  if (presented.apiKey !== undefined) {
    throw new AppError("TOKEN_INVALID", { message: "The API key is invalid, expired or revoked." });
  }
  return null;
}

function parseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer[ ]+([^ ]+)[ ]*$/i.exec(header);
  if (!match) throw new AppError("TOKEN_INVALID", { message: "The Authorization header must be 'Bearer <token>'.", headers: bearerChallenge("invalid_token") });
  return match[1]!;
}

async function principalFromAccessToken(env: Env, token: string): Promise<Principal> {
  const claims = await verifyAccessToken(env, token);
  if (await isSessionRevoked(env.KV, claims.sid)) {
    throw new AppError("TOKEN_INVALID", { message: "The access token has been revoked.", headers: bearerChallenge("invalid_token", "The access token has been revoked") });
  }
  return {
    userId: claims.sub,
    role: claims.role,
    tier: claims.tier,
    scopes: new Set(claims.scopes),
    credential: {
      kind: claims.client_id === FIRST_PARTY_CLIENT_ID ? "login_token" : "oauth_token",
      id: claims.jti,
      sid: claims.sid,
      clientId: claims.client_id,
      expiresAt: claims.exp,
    },
  };
}
