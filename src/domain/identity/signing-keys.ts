import { exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { cachedBySecret, notConfigured } from "../../lib/secret-config";
import type { Config } from "../config";

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

const DEV_KID_PREFIX = "dev-";
export const ALG = "ES256";

export const signingKeys = cachedBySecret<Config, SigningKeys>(
  (config) => `${config.secrets.jwtPrivateKey ?? ""}|${config.secrets.jwtPreviousPublicKeys ?? ""}`,
  load,
);

async function load(config: Config): Promise<SigningKeys> {
  const isDev = config.environment === "development";
  if (!config.secrets.jwtPrivateKey) {
    if (!isDev) throw notConfigured("JWT_PRIVATE_KEY secret is not set");
    console.warn("JWT_PRIVATE_KEY not set: using an ephemeral development key (tokens die with this isolate)");
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const jwk = await exportJWK(publicKey);
    const kid = `${DEV_KID_PREFIX}ephemeral-${crypto.randomUUID().slice(0, 8)}`;
    return { kid, privateKey, publicJwks: [{ ...jwk, kid, alg: ALG, use: "sig" }] };
  }
  let jwk: JWK;
  try {
    jwk = JSON.parse(config.secrets.jwtPrivateKey) as JWK;
  } catch {
    throw notConfigured("JWT_PRIVATE_KEY is not valid JSON");
  }
  const kid = jwk.kid;
  if (!kid || (!isDev && kid.startsWith(DEV_KID_PREFIX))) {
    throw notConfigured("JWT_PRIVATE_KEY has no kid, or is a development key outside development");
  }
  const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
  const { d: _d, ...publicPart } = jwk;
  const previous = config.secrets.jwtPreviousPublicKeys
    ? (JSON.parse(config.secrets.jwtPreviousPublicKeys) as JWK[])
    : [];
  return {
    kid,
    privateKey,
    publicJwks: [{ ...publicPart, kid, alg: ALG, use: "sig", key_ops: undefined }, ...previous],
  };
}
