import { sha256Base64url, timingSafeEqual } from "../../../lib/crypto";

/** RFC 7636 §4.1: 43–128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~". */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the unpadded base64url of a SHA-256 digest: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isValidVerifier = (v: string) => VERIFIER.test(v);
export const isValidS256Challenge = (c: string) => S256_CHALLENGE.test(c);

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))) == code_challenge. Only S256 is supported. */
export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  if (!isValidVerifier(verifier)) return false;
  return timingSafeEqual(await sha256Base64url(verifier), challenge);
}
