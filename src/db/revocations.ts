import type { Write } from "./store";

/**
 * Revoked access-token sessions (`sid`: a login session or an OAuth grant
 * family) and deleted OAuth clients, in D1's `revoked_credentials`, each kept
 * until the longest-lived access token it covers has expired.
 *
 * The bound (docs/security.md, "Revocation bound"): a revocation is written
 * to D1's primary before the revoking request answers, and D1's primary is
 * strongly consistent, so every isolate sees it on its next check. Each
 * isolate trusts a "not revoked" answer for at most REVOCATION_RECHECK_MS and
 * then asks D1 again; "revoked" is final. So an access token stops working
 * everywhere at most REVOCATION_RECHECK_MS after its revocation answered,
 * and at once in the isolate that revoked it. KV (the previous store) could
 * take ~60 s more to propagate.
 */
export const REVOCATION_RECHECK_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Kind = "sid" | "client";
const cache = new Map<string, { revoked: boolean; until: number }>();
const cacheKey = (kind: Kind, subject: string) => `${kind}:${subject}`;

/** Kept until the longest-lived token it covers (`ttlSeconds` from `now`) has expired. */
function revocationStatement(d1: D1Database, kind: Kind, subject: string, ttlSeconds: number, now: number) {
  const expiresAt = new Date(now + Math.ceil(ttlSeconds) * 1000).toISOString();
  return d1
    .prepare(
      "INSERT INTO revoked_credentials (kind, subject, expires_at) VALUES (?1, ?2, ?3) ON CONFLICT (kind, subject) DO UPDATE SET expires_at = MAX(expires_at, excluded.expires_at)",
    )
    .bind(kind, subject, expiresAt);
}

const remember = (kind: Kind, subjects: readonly string[]) => {
  for (const s of subjects) cache.set(cacheKey(kind, s), { revoked: true, until: Number.POSITIVE_INFINITY });
};

async function isRevoked(d1: D1Database, kind: Kind, subject: string, now: number, recheckMs: number) {
  const id = cacheKey(kind, subject);
  const hit = cache.get(id);
  if (hit && (hit.revoked || hit.until > now)) return hit.revoked;
  let row: { revoked: number } | null;
  try {
    row = await d1
      .prepare("SELECT 1 AS revoked FROM revoked_credentials WHERE kind = ?1 AND subject = ?2")
      .bind(kind, subject)
      .first<{ revoked: number }>();
  } catch (err) {
    // D1 unreachable: keep the last answer this isolate had (none: not revoked). Every
    // endpoint that reads or writes data fails on D1 by itself, so this only keeps the
    // health endpoint answering during an outage (docs/security.md, "Revocation bound").
    console.error(
      JSON.stringify({ msg: "revocation check failed; using the cached answer", kind, error: String(err) }),
    );
    return hit?.revoked ?? false;
  }
  const revoked = row !== null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(id, { revoked, until: revoked ? Number.POSITIVE_INFINITY : now + recheckMs });
  return revoked;
}

/**
 * A session's revocation as a statement, for a caller's batch; once the batch committed, the caller
 * marks it in this isolate's cache with rememberRevokedSessions (the bound holds for the others).
 */
export function revokeSessionStatement(
  d1: D1Database,
  sid: string,
  ttlSeconds: number,
  now: number,
): D1PreparedStatement {
  return revocationStatement(d1, "sid", sid, ttlSeconds, now);
}

export function rememberRevokedSessions(sids: readonly string[]): void {
  remember("sid", sids);
}

export function isSessionRevoked(
  d1: D1Database,
  sid: string,
  now = Date.now(),
  recheckMs = REVOCATION_RECHECK_MS,
): Promise<boolean> {
  return isRevoked(d1, "sid", sid, now, recheckMs);
}

/**
 * A deleted OAuth client: every access token issued to it stops working, whatever its `sid`. A
 * statement for the caller's commit; once committed, rememberRevokedClients marks this isolate's cache.
 */
export function revokeClientStatement(
  d1: D1Database,
  clientId: string,
  ttlSeconds: number,
  now: number,
): D1PreparedStatement {
  return revocationStatement(d1, "client", clientId, ttlSeconds, now);
}

export function rememberRevokedClients(clientIds: readonly string[]): void {
  remember("client", clientIds);
}

export function isClientRevoked(
  d1: D1Database,
  clientId: string,
  now = Date.now(),
  recheckMs = REVOCATION_RECHECK_MS,
): Promise<boolean> {
  return isRevoked(d1, "client", clientId, now, recheckMs);
}

/** Rows whose covered tokens have all expired (the maintenance cron). */
export function purgeExpiredRevocationsWrite(d1: D1Database, nowIso: string, limit: number): Write<number> {
  const purge = d1
    .prepare(
      "DELETE FROM revoked_credentials WHERE rowid IN (SELECT rowid FROM revoked_credentials WHERE expires_at < ?1 LIMIT ?2)",
    )
    .bind(nowIso, limit);
  return { statements: [purge], read: ([result]) => result?.meta.changes ?? 0 };
}
