/**
 * Revoked access-token sessions, in KV (`revoked:sid:<sid>`), each kept until
 * the longest-lived token of that session has expired. One KV read per
 * authenticated request. KV is eventually consistent: at the edge a
 * revocation takes up to ~60 s to reach every location (docs/decisions.md).
 */
const KV_MIN_TTL = 60;
const key = (sid: string) => `revoked:sid:${sid}`;

/**
 * In-isolate cache of answers, so a busy client does not cost a KV read per
 * request: "not revoked" is trusted for NOT_REVOKED_TTL_MS (KV itself takes up
 * to ~60 s to propagate, so this adds little staleness); "revoked" is final.
 * A revocation made through this isolate applies here at once.
 */
const NOT_REVOKED_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { revoked: boolean; until: number }>();

export async function revokeSession(kv: KVNamespace, sid: string, ttlSeconds: number): Promise<void> {
  cache.set(sid, { revoked: true, until: Number.POSITIVE_INFINITY });
  await kv.put(key(sid), "1", { expirationTtl: Math.max(KV_MIN_TTL, Math.ceil(ttlSeconds)) });
}

export async function isSessionRevoked(kv: KVNamespace, sid: string, now = Date.now()): Promise<boolean> {
  const hit = cache.get(sid);
  if (hit && (hit.revoked || hit.until > now)) return hit.revoked;
  const revoked = (await kv.get(key(sid))) !== null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(sid, { revoked, until: revoked ? Number.POSITIVE_INFINITY : now + NOT_REVOKED_TTL_MS });
  return revoked;
}

/**
 * Deleted OAuth clients (`revoked:client:<client_id>`): every access token
 * issued to the client stops working, whatever its `sid`. Kept for the
 * longest OAuth access-token lifetime.
 */
const clientKey = (clientId: string) => `revoked:client:${clientId}`;

export async function revokeClientTokens(kv: KVNamespace, clientId: string, ttlSeconds: number): Promise<void> {
  await kv.put(clientKey(clientId), "1", { expirationTtl: Math.max(KV_MIN_TTL, Math.ceil(ttlSeconds)) });
}

export async function isClientRevoked(kv: KVNamespace, clientId: string): Promise<boolean> {
  return (await kv.get(clientKey(clientId))) !== null;
}
