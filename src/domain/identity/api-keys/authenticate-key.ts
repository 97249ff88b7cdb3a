import { AppError } from "../../../http/errors";
import { iso } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { findApiKeyByHash, touchApiKey } from "../../../db/api-keys";
import { bearerChallenge } from "../access-tokens";
import type { Principal } from "../principal";
import { parseScopeString, scopesForRole } from "../scopes";
import { hasValidChecksum } from "./format";

/** last_used_at is written at most this often per key (no write per request). */
export const LAST_USED_THROTTLE_MS = 60_000;

export type Defer = (work: Promise<unknown>) => void;

const invalid = () =>
  new AppError("TOKEN_INVALID", { message: "The API key is invalid or revoked.", headers: bearerChallenge("invalid_token", "The API key is invalid or revoked") });

/**
 * An API key → the principal of its owner, with the key's scopes (limited to
 * what the owner's role still allows). Malformed keys and bad checksums are
 * refused before any database read.
 */
export async function principalFromApiKey(env: { DB: D1Database }, key: string, defer: Defer, now = Date.now()): Promise<Principal> {
  if (!hasValidChecksum(key)) throw invalid();
  const found = await findApiKeyByHash(env.DB, await sha256Hex(key));
  if (!found) throw invalid();
  const { key: row, role, tier } = found;
  if (row.revokedAt && Date.parse(row.revokedAt) <= now) throw invalid();
  const expiresAt = Date.parse(row.expiresAt);
  if (expiresAt <= now) {
    throw new AppError("TOKEN_EXPIRED", { message: "The API key has expired.", headers: bearerChallenge("invalid_token", "The API key has expired") });
  }
  if (!row.lastUsedAt || Date.parse(row.lastUsedAt) < now - LAST_USED_THROTTLE_MS) {
    defer(touchApiKey(env.DB, row.id, iso(now), iso(now - LAST_USED_THROTTLE_MS)));
  }
  const allowed = new Set(scopesForRole(role));
  return {
    userId: row.userId,
    role,
    tier,
    scopes: new Set(parseScopeString(row.scopes).filter((s) => allowed.has(s))),
    credential: { kind: "api_key", id: row.id, expiresAt: Math.floor(expiresAt / 1000) },
  };
}
