import { sha256Bytes } from "./crypto";
import { base64url } from "./encoding";

/**
 * Ids are `<prefix>_<digits>` (spec part 2). The digits are the creation time in milliseconds (13
 * digits), the shard the id's account lives on (3 digits, docs/scale.md "Shards") and 6 random
 * digits: sortable by creation, routable to their database without a look-up, and unguessable
 * enough that enumeration finds nothing (ownership is checked anyway: another user's resource is a
 * 404). Ids of the directory's own records (users' sign-ins, keys, organizations' invitations…)
 * name shard 0, the directory's database.
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
  | "scim"
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

/** Shards an id can name: its shard digits' range. */
export const MAX_SHARDS = 1_000;

export function newId(prefix: IdPrefix, now: number = Date.now(), shard = 0): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= MAX_SHARDS) throw new RangeError(`newId: no shard ${shard}`);
  const suffix = (randomUint32() % 1_000_000).toString().padStart(6, "0");
  return `${prefix}_${String(now).padStart(13, "0")}${String(shard).padStart(3, "0")}${suffix}`;
}

/** Digits of an id minted with its shard: 13 of time, 3 of shard, 6 random. */
const SHARDED_DIGITS = 22;

/**
 * The shard an id was minted on (its account's shard then; an account that moved since is found by
 * its placement, docs/scale.md "Moves"). Ids minted before shards existed (19 digits or fewer, the
 * single database's) name shard 0, which that database became; an id of any other shape (a
 * deterministic event id, a malformed one) names none.
 */
export function shardOfId(id: string): number | undefined {
  const underscore = id.lastIndexOf("_");
  const digits = id.slice(underscore + 1);
  if (underscore < 1 || !/^\d+$/.test(digits)) return undefined;
  if (digits.length === SHARDED_DIGITS) return Number(digits.slice(13, 16));
  return digits.length <= 19 ? 0 : undefined;
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
