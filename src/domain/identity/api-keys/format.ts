/**
 * API key format (docs/decisions.md): `sak_<env>_<43 base62 chars: 256 random
 * bits><6 base62 chars: CRC32 of the random part>`, e.g. `sak_live_…`.
 * Like GitHub's token format: the fixed prefix lets secret scanners spot a
 * leaked key, and the checksum lets them (and us, before any database read)
 * tell a real key from a random string.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_CHARS = 43; // ceil(256 / log2(62))
const CHECKSUM_CHARS = 6; // 62^6 > 2^32
const API_KEY_PREFIX = "sak_";
const KEY_PATTERN = /^sak_(live|test)_([0-9A-Za-z]{43})([0-9A-Za-z]{6})$/;
/** How much of a key is shown in listings: the kind and 7 random characters. */
const DISPLAY_PREFIX_LENGTH = 16;

function base62(value: bigint, width: number): string {
  let out = "";
  let v = value;
  while (v > 0n) {
    out = ALPHABET[Number(v % 62n)] + out;
    v /= 62n;
  }
  return out.padStart(width, "0");
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3), as used by zlib and GitHub's token checksums. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function generateApiKey(environment: string): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  const random = base62(value, RANDOM_CHARS);
  const kind = environment === "production" ? "live" : "test";
  return `${API_KEY_PREFIX}${kind}_${random}${base62(BigInt(crc32(random)), CHECKSUM_CHARS)}`;
}

/** Does this look like one of our API keys (prefix), as opposed to a JWT? */
export const looksLikeApiKey = (credential: string): boolean => credential.startsWith(API_KEY_PREFIX);

/** Well-formed and the checksum matches. */
export function hasValidChecksum(key: string): boolean {
  const m = KEY_PATTERN.exec(key);
  return m !== null && base62(BigInt(crc32(m[2]!)), CHECKSUM_CHARS) === m[3];
}

export const displayPrefix = (key: string) => key.slice(0, DISPLAY_PREFIX_LENGTH);
