/** One-time keys (SAML assertion ids, sign-on hand-off codes) remembered until they expire: replay refusal. */

/** Remembers a one-time key until `expiresAt`; false when it is already there (a replay). */
export async function rememberOnce(d1: D1Database, key: string, connectionId: string, expiresAt: number) {
  const result = await d1
    .prepare("INSERT INTO sso_once (key, connection_id, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING")
    .bind(key, connectionId, expiresAt)
    .run();
  return result.meta.changes === 1;
}

/** Consumes a one-time key still valid at `now` for `connectionId`; false when absent, used or expired. */
export async function consumeOnce(d1: D1Database, key: string, connectionId: string, now: number) {
  const result = await d1
    .prepare("DELETE FROM sso_once WHERE key = ? AND connection_id = ? AND expires_at > ?")
    .bind(key, connectionId, now)
    .run();
  return result.meta.changes === 1;
}

export async function purgeExpiredOnce(d1: D1Database, now: number) {
  await d1.prepare("DELETE FROM sso_once WHERE expires_at <= ?").bind(now).run();
}
