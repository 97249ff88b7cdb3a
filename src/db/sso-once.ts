import type { Statement, Write } from "./store";

/** One-time keys (SAML assertion ids, sign-on hand-off codes) remembered until they expire: replay refusal. */

/** The one statement it wrote its row (no trigger or cascade touches sso_once). */
const once = (statement: Statement): Write<boolean> => ({
  statements: [statement],
  read: ([result]) => result?.meta.changes === 1,
});

/** Remembers a one-time key until `expiresAt`; reads false when it is already there (a replay). */
export function rememberOnceWrite(
  d1: D1Database,
  key: string,
  connectionId: string,
  expiresAt: number,
): Write<boolean> {
  return once(
    d1
      .prepare("INSERT INTO sso_once (key, connection_id, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING")
      .bind(key, connectionId, expiresAt),
  );
}

/** Consumes a one-time key still valid at `now` for `connectionId`; reads false when absent, used or expired. */
export function consumeOnceWrite(d1: D1Database, key: string, connectionId: string, now: number): Write<boolean> {
  return once(
    d1
      .prepare("DELETE FROM sso_once WHERE key = ? AND connection_id = ? AND expires_at > ?")
      .bind(key, connectionId, now),
  );
}

export function purgeExpiredOnceStatement(d1: D1Database, now: number): Statement {
  return d1.prepare("DELETE FROM sso_once WHERE expires_at <= ?").bind(now);
}
