// Generates an ES256 signing key as a private JWK with a `dev-` kid: the
// development key that `npm run dev` and the tests use. The production
// worker refuses any key whose kid starts with `dev-`.
import { webcrypto } from "node:crypto";

export async function generateDevSigningKey() {
  const { privateKey } = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ]);
  const jwk = await webcrypto.subtle.exportKey("jwk", privateKey);
  return JSON.stringify({
    kty: jwk.kty,
    crv: jwk.crv,
    x: jwk.x,
    y: jwk.y,
    d: jwk.d,
    kid: `dev-${Date.now().toString(36)}`,
  });
}

// The development DATA_ENCRYPTION_KEY: base64 of 32 random bytes (AES-256-GCM).
export function generateDevDataKey() {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(32))).toString("base64");
}
