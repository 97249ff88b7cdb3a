import { base64, fromBase64 } from "../../lib/encoding";

/**
 * Webhook signing secrets (Standard Webhooks, "Signature scheme"):
 * - generated when the client sends none: `whsec_` + base64 of 32 random bytes,
 *   returned once at creation;
 * - client-chosen `whsec_<base64>`: the HMAC key is the decoded bytes, which
 *   must be 24–64 bytes (the spec's recommended range);
 * - any other client-chosen secret: 32–128 printable ASCII characters with at
 *   least 10 distinct characters; the HMAC key is its UTF-8 bytes. Its
 *   Standard Webhooks form is `whsec_` + base64(secret) (or "raw" format in
 *   the reference libraries).
 */
const SECRET_PREFIX = "whsec_";
const MIN_RAW_SECRET_LENGTH = 32;
export const MAX_RAW_SECRET_LENGTH = 128;
const MIN_DISTINCT_CHARS = 10;
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

const B64 = "[A-Za-z0-9+/]";
const PRINTABLE = "[\\x21-\\x7e]";
/**
 * Exactly what `secretWeakness` accepts, as one ECMA-262 pattern for the document (the request schemas'
 * `secret`), so a client or a fuzzer can tell a good secret from the schema alone: `whsec_` + padded
 * base64 (RFC 4648 §4) of 24–64 bytes — 8–21 full groups of four, or 8–20 and a group ending `=`, or 8–21
 * and a group ending `==` — or 32–128 printable characters not starting `whsec_`, at least 10 of them
 * distinct (each counted where it last occurs: a character the rest of the secret does not repeat).
 * test/webhooks/secret-pattern.test.ts checks the two agree.
 */
export const SECRET_PATTERN =
  `^(?:${SECRET_PREFIX}(?:(?:${B64}{4}){8,21}|(?:${B64}{4}){8,20}${B64}{3}=|(?:${B64}{4}){8,21}${B64}{2}==)` +
  `|(?!${SECRET_PREFIX})(?=(?:${PRINTABLE}*?(${PRINTABLE})(?!${PRINTABLE}*\\1)){${MIN_DISTINCT_CHARS}})${PRINTABLE}{${MIN_RAW_SECRET_LENGTH},${MAX_RAW_SECRET_LENGTH}})$`;

export function generateSecret(): string {
  return SECRET_PREFIX + base64(crypto.getRandomValues(new Uint8Array(32)));
}

/** Why a client-chosen secret is refused, or null if it is acceptable. */
export function secretWeakness(secret: string): string | null {
  if (secret.startsWith(SECRET_PREFIX)) {
    // New secrets are canonical (padded) base64; decodePrefixed stays lenient for the ones stored before.
    const key = (secret.length - SECRET_PREFIX.length) % 4 === 0 ? decodePrefixed(secret) : null;
    if (!key) return "a whsec_ secret must be followed by valid base64";
    if (key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES)
      return `a whsec_ secret must encode ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} bytes`;
    return null;
  }
  if (!/^[\x21-\x7e]+$/.test(secret)) return "must contain only printable ASCII characters without spaces";
  if (secret.length < MIN_RAW_SECRET_LENGTH) return `must be at least ${MIN_RAW_SECRET_LENGTH} characters`;
  if (secret.length > MAX_RAW_SECRET_LENGTH) return `must be at most ${MAX_RAW_SECRET_LENGTH} characters`;
  if (new Set(secret).size < MIN_DISTINCT_CHARS)
    return `must contain at least ${MIN_DISTINCT_CHARS} distinct characters`;
  return null;
}

/** The HMAC-SHA256 key bytes a secret stands for. */
export function signingKeyBytes(secret: string): Uint8Array {
  if (secret.startsWith(SECRET_PREFIX)) {
    const key = decodePrefixed(secret);
    if (key) return key;
  }
  return new TextEncoder().encode(secret);
}

function decodePrefixed(secret: string): Uint8Array | null {
  const b64 = secret.slice(SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  try {
    return fromBase64(b64);
  } catch {
    return null;
  }
}
