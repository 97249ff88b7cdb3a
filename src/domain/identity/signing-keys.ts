import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { AppError } from "../../http/errors";

/**
 * The ES256 key that signs every access token (RFC 9068 tokens, asymmetric so
 * the public half can be published at /.well-known/jwks.json).
 *
 * - Production/staging: the `JWT_PRIVATE_KEY` secret (a private JWK with `kid`).
 *   Missing or a development key → every request gets 503 (we refuse to run).
 * - Development: `npm run dev` writes a key to .dev.vars; if even that is
 *   absent, an ephemeral key is generated once per isolate.
 * Keys are imported once per isolate and cached (not on every request).
 */
export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Public JWKs accepted for verification: the current key first, then retired ones. */
  publicJwks: JWK[];
}

export const DEV_KID_PREFIX = "dev-";
export const ALG = "ES256";

let cached: { source: string; keys: Promise<SigningKeys> } | undefined;

export function signingKeys(env: { ENVIRONMENT: string; JWT_PRIVATE_KEY?: string; JWT_PREVIOUS_PUBLIC_KEYS?: string }): Promise<SigningKeys> {
  const source = `${env.JWT_PRIVATE_KEY ?? ""}|${env.JWT_PREVIOUS_PUBLIC_KEYS ?? ""}`;
  if (cached?.source === source) return cached.keys;
  const keys = load(env);
  cached = { source, keys };
  keys.catch(() => {
    if (cached?.keys === keys) cached = undefined;
  });
  return keys;
}

async function load(env: { ENVIRONMENT: string; JWT_PRIVATE_KEY?: string; JWT_PREVIOUS_PUBLIC_KEYS?: string }): Promise<SigningKeys> {
  const isDev = env.ENVIRONMENT === "development";
  if (!env.JWT_PRIVATE_KEY) {
    if (!isDev) {
      console.error("JWT_PRIVATE_KEY secret is not set: refusing requests");
      throw new AppError("SERVICE_UNAVAILABLE", { message: "The service is not configured." });
    }
    console.warn("JWT_PRIVATE_KEY not set: using an ephemeral development key (tokens die with this isolate)");
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = `${DEV_KID_PREFIX}ephemeral-${crypto.randomUUID().slice(0, 8)}`;
    return { kid, privateKey, publicJwks: [{ ...jwk, kid, alg: ALG, use: "sig" }] };
  }
  let jwk: JWK;
  try {
    jwk = JSON.parse(env.JWT_PRIVATE_KEY) as JWK;
  } catch {
    console.error("JWT_PRIVATE_KEY is not valid JSON");
    throw new AppError("SERVICE_UNAVAILABLE", { message: "The service is not configured." });
  }
  const kid = jwk.kid;
  if (!kid || (!isDev && kid.startsWith(DEV_KID_PREFIX))) {
    console.error("JWT_PRIVATE_KEY has no kid, or is a development key outside development");
    throw new AppError("SERVICE_UNAVAILABLE", { message: "The service is not configured." });
  }
  const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
  const { d: _d, ...publicPart } = jwk;
  const previous = env.JWT_PREVIOUS_PUBLIC_KEYS ? (JSON.parse(env.JWT_PREVIOUS_PUBLIC_KEYS) as JWK[]) : [];
  return { kid, privateKey, publicJwks: [{ ...publicPart, kid, alg: ALG, use: "sig", key_ops: undefined }, ...previous] };
}
