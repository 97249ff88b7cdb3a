import { findApiKeyByHash, touchApiKeyStatement } from "../../../db/api-keys";
import type { Store } from "../../../db/store";
import { AppError } from "../../../errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import type { Context } from "../../context";
import type { Principal } from "../principal";
import { parseScopeString, type Scope, scopesForRole } from "../scopes";
import { hasValidChecksum } from "./format";

/** last_used_at is written at most this often per key (no write per request). */
const LAST_USED_THROTTLE_MS = 60_000;

export type Defer = (work: Promise<unknown>) => void;

/**
 * Keys found are remembered in the isolate for KEY_CACHE_TTL_MS, so a busy
 * server-to-server client costs no D1 read for its key on most requests.
 * Revocation, expiry and grace periods are still checked against the cached
 * row on every request; a revocation or rotation made through this isolate
 * drops the entry at once; one made elsewhere applies here within the TTL
 * (the same bound as access-token revocation, docs/decisions.md). Misses are
 * not cached, so unknown keys cannot fill the cache. Entries are keyed by the
 * presented key itself (as verified access tokens are by their text), so a
 * hit costs neither the checksum nor the SHA-256.
 */
const KEY_CACHE_TTL_MS = 5_000;
const MAX_CACHED_KEYS = 10_000;
type Found = NonNullable<Awaited<ReturnType<typeof findApiKeyByHash>>>;
const keyCache = new Map<string, { found: Found; until: number }>();

async function lookUp(d1: Store, key: string, now: number): Promise<Found | undefined> {
  const hit = keyCache.get(key);
  if (hit && hit.until > now) return hit.found;
  if (!hasValidChecksum(key)) return undefined;
  const found = await findApiKeyByHash(d1, await sha256Hex(key));
  if (found) {
    if (keyCache.size >= MAX_CACHED_KEYS) keyCache.clear();
    keyCache.set(key, { found, until: now + KEY_CACHE_TTL_MS });
  } else keyCache.delete(key);
  return found;
}

/** A found key's scopes (limited to what the owner's role allows), built once per lookup; principals only read them. */
const scopeSets = new WeakMap<Found, Set<Scope>>();
function scopesOf(found: Found): Set<Scope> {
  let set = scopeSets.get(found);
  if (!set) {
    const allowed = new Set(scopesForRole(found.role));
    set = new Set(parseScopeString(found.key.scopes).filter((s) => allowed.has(s)));
    scopeSets.set(found, set);
  }
  return set;
}

/** Forget a key (by id) after it was revoked or rotated through this isolate. */
export function forgetApiKey(id: string): void {
  for (const [hash, entry] of keyCache) if (entry.found.key.id === id) keyCache.delete(hash);
}

const invalid = () =>
  new AppError("TOKEN_INVALID", {
    message: "The API key is invalid or revoked.",
  });

/**
 * An API key → the principal of its owner, with the key's scopes (limited to
 * what the owner's role still allows). Malformed keys and bad checksums are
 * refused before any database read.
 */
export async function principalFromApiKey(ctx: Context, input: { key: string; defer: Defer }): Promise<Principal> {
  const { key, defer } = input;
  const now = ctx.now();
  // Malformed keys and bad checksums are refused before any database read (in lookUp).
  const found = await lookUp(ctx.db, key, now);
  if (!found) throw invalid();
  const { key: row, role, tier } = found;
  if (row.revokedAt && Date.parse(row.revokedAt) <= now) throw invalid();
  const expiresAt = Date.parse(row.expiresAt);
  if (expiresAt <= now) {
    throw new AppError("TOKEN_EXPIRED", {
      message: "The API key has expired.",
    });
  }
  if (!row.lastUsedAt || Date.parse(row.lastUsedAt) < now - LAST_USED_THROTTLE_MS) {
    defer(ctx.commit([touchApiKeyStatement(ctx.db, row.id, iso(now), iso(now - LAST_USED_THROTTLE_MS))]));
    row.lastUsedAt = iso(now); // the cached row too, so requests within the TTL do not touch again
  }
  return {
    userId: row.userId,
    role,
    tier,
    scopes: scopesOf(found),
    // An organization's key acts for the organization, as a member (docs/decisions.md, "Organizations");
    // the authenticate middleware checks the organization still exists.
    ...(row.organizationId
      ? { organization: { id: row.organizationId, role: "member" as const, via: "api_key" as const } }
      : {}),
    // A rotated key's scheduled revocation ends it before its expiry.
    credential: {
      kind: "api_key",
      id: row.id,
      expiresAt: Math.floor(Math.min(expiresAt, row.revokedAt ? Date.parse(row.revokedAt) : expiresAt) / 1000),
    },
  };
}
