import { base64, fromBase64 } from "../../lib/encoding";

/**
 * AES-256-GCM sealing of small secrets stored in D1. Format: `v1.<iv>.<ciphertext>`
 * (base64; a fresh 96-bit IV per seal, as NIST SP 800-38D recommends for GCM).
 * The associated data binds a ciphertext to its row (e.g. the webhook id), so a
 * ciphertext copied into another row does not decrypt.
 */
const VERSION = "v1";
const encoder = new TextEncoder();

export async function seal(key: CryptoKey, plaintext: string, associatedData: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(associatedData) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${base64(iv)}.${base64(new Uint8Array(ct))}`;
}

/** The plaintext, or null if the box is malformed, tampered with or sealed under another key. */
export async function open(key: CryptoKey, box: string, associatedData: string): Promise<string | null> {
  const [version, iv, ct] = box.split(".");
  if (version !== VERSION || !iv || !ct) return null;
  try {
    const pt = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: encoder.encode(associatedData) },
      key,
      fromBase64(ct),
    );
    return new TextDecoder().decode(pt);
  } catch {
    return null;
  }
}
