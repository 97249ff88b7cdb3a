import { fromBase64 } from "../../lib/encoding";
import { cachedBySecret, notConfigured } from "../../lib/secret-config";
import type { Config } from "../config";

/**
 * The AES-256-GCM key for data we must be able to read back (webhook signing
 * secrets: unlike passwords they cannot be hashed, since we sign with them).
 * Same life cycle as the JWT key (signing-keys.ts):
 * - production/staging: the `DATA_ENCRYPTION_KEY` secret (base64 of 32 bytes);
 *   missing or malformed → every request gets 503 (we refuse to run);
 * - development: `npm run dev` writes one to .dev.vars; if even that is absent
 *   an ephemeral key is generated once per isolate (data encrypted with it is
 *   unreadable after a restart).
 * Imported once per isolate and cached.
 */
export const dataEncryptionKey = cachedBySecret<Config, CryptoKey>(
  (config) => config.secrets.dataEncryptionKey ?? "",
  load,
);

async function load(config: Config): Promise<CryptoKey> {
  if (!config.secrets.dataEncryptionKey) {
    if (config.environment !== "development") throw notConfigured("DATA_ENCRYPTION_KEY secret is not set");
    console.warn(
      "DATA_ENCRYPTION_KEY not set: using an ephemeral development key (encrypted data dies with this isolate)",
    );
    return crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
      "encrypt",
      "decrypt",
    ]) as Promise<CryptoKey>;
  }
  let raw: Uint8Array;
  try {
    raw = fromBase64(config.secrets.dataEncryptionKey.trim());
  } catch {
    raw = new Uint8Array();
  }
  if (raw.length !== 32) throw notConfigured("DATA_ENCRYPTION_KEY must be base64 of exactly 32 bytes");
  return crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}
