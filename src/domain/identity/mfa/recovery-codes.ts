import { sha256Hex } from "../../../lib/crypto";

const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"; // Crockford base32: no i, l, o, u

/** Ten codes of 20 base32 characters (100 bits each), shown as xxxxx-xxxxx-xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(20));
    const chars = [...bytes].map((b) => ALPHABET[b & 31]).join("");
    return chars.match(/.{5}/g)!.join("-");
  });
}

/** Case, spaces and dashes are not part of a code: people type them back as they like. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/** High-entropy codes: a plain SHA-256 suffices (as for API keys); no slow hash needed. */
export const hashRecoveryCode = (code: string) => sha256Hex(`mfa-recovery:${normalizeRecoveryCode(code)}`);
