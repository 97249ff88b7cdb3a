/**
 * Revoked access-token sessions, in KV (`revoked:sid:<sid>`), each kept until
 * the longest-lived token of that session has expired. One KV read per
 * authenticated request. KV is eventually consistent: at the edge a
 * revocation takes up to ~60 s to reach every location (docs/decisions.md).
 */
const KV_MIN_TTL = 60;
const key = (sid: string) => `revoked:sid:${sid}`;

export async function revokeSession(kv: KVNamespace, sid: string, ttlSeconds: number): Promise<void> {
  await kv.put(key(sid), "1", { expirationTtl: Math.max(KV_MIN_TTL, Math.ceil(ttlSeconds)) });
}

export async function isSessionRevoked(kv: KVNamespace, sid: string): Promise<boolean> {
  return (await kv.get(key(sid))) !== null;
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
