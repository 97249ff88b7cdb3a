import { sha256Bytes } from "./crypto";
import { base64url } from "./encoding";

/**
 * Ids are `<prefix>_<digits>` (spec part 2). The digits are the creation time
 * in milliseconds followed by 6 random digits: sortable by creation, and
 * unguessable enough that enumeration finds nothing (ownership is checked
 * anyway: another user's resource is a 404).
 */
export type IdPrefix =
  | "user"
  | "apt"
  | "session"
  | "analysis"
  | "webhook"
  | "txn"
  | "pm"
  | "req"
  | "key"
  | "client"
  | "evt"
  | "dlv"
  | "led"
  | "rt"
  | "code"
  | "org"
  | "inv"
  | "aud"
  | "mail"
  | "acct"
  | "sso"
  | "dcr"
  | "passkey";

/**
 * Random values drawn 256 at a time (every request takes at least one, for its request id): one
 * typed array and one call into the runtime per 256 ids instead of per id. Filled on first use,
 * since workerd forbids random values in global scope; each value is used once.
 */
const pool = new Uint32Array(256);
let next = pool.length;

function randomUint32(): number {
  if (next === pool.length) {
    crypto.getRandomValues(pool);
    next = 0;
  }
  return pool[next++]!;
}

export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  const suffix = (randomUint32() % 1_000_000).toString().padStart(6, "0");
  return `${prefix}_${now}${suffix}`;
}

/**
 * A deterministic `<prefix>_<27 digits>` id from SHA-256 of `key`: the same key
 * always gives the same id, so a repeated step (an alarm, a retry, a replay)
 * produces the same event or delivery id and receivers can dedupe on it.
 */
export async function deterministicId(prefix: IdPrefix, key: string): Promise<string> {
  const digest = await sha256Bytes(key);
  let digits = "";
  for (let i = 0; i < 9; i++) digits += digest[i]!.toString().padStart(3, "0");
  return `${prefix}_${digits}`;
}

/** Random bytes as base64url, for opaque secrets (refresh tokens, API keys). */
export function randomToken(bytes = 32): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return base64url(buf);
}
