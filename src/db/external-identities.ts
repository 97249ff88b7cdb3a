import { readTogether } from "./store";
/**
 * External identities (drizzle/schema/sso.ts `external_identities`) and the writes that take an
 * unverified account over for a directory's user (docs/security.md "Pre-hijacked accounts").
 */

export interface ExternalIdentityRow {
  connectionId: string;
  subject: string;
  userId: string;
  email: string;
  linkedVia: "created" | "verified_email" | "takeover";
  createdAt: string;
}

export async function findExternalIdentity(
  d1: D1Database,
  connectionId: string,
  subject: string,
): Promise<ExternalIdentityRow | null> {
  return d1
    .prepare(
      "SELECT connection_id AS connectionId, subject, user_id AS userId, email, linked_via AS linkedVia, created_at AS createdAt FROM external_identities WHERE connection_id = ? AND subject = ?",
    )
    .bind(connectionId, subject)
    .first<ExternalIdentityRow>();
}

/** The link, only if neither the pair nor the user on this connection is linked yet (a lost race inserts nothing). */
export function linkIdentityStatement(d1: D1Database, row: ExternalIdentityRow): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO external_identities (connection_id, subject, user_id, email, linked_via, created_at, last_sign_in_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .bind(row.connectionId, row.subject, row.userId, row.email, row.linkedVia, row.createdAt, row.createdAt);
}

export function touchIdentityStatement(d1: D1Database, connectionId: string, subject: string, at: string) {
  return d1
    .prepare("UPDATE external_identities SET last_sign_in_at = ? WHERE connection_id = ? AND subject = ?")
    .bind(at, connectionId, subject);
}

/** What an account holds that signs it in: its refresh families (sign-ins and OAuth grants) and live API keys. */
export async function credentialsOf(d1: D1Database, userId: string, at: string) {
  const [families, keys] = await readTogether<{ family_id: string } | { id: string; organization_id: string | null }>(
    d1,
    [
      d1.prepare("SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = ?").bind(userId),
      d1
        .prepare(
          "SELECT id, organization_id FROM api_keys WHERE user_id = ? AND (revoked_at IS NULL OR revoked_at > ?)",
        )
        .bind(userId, at),
    ],
  );
  return {
    families: ((families?.results ?? []) as Array<{ family_id: string }>).map((r) => r.family_id),
    apiKeys: (keys?.results ?? []) as Array<{ id: string; organization_id: string | null }>,
  };
}

/**
 * The takeover's writes, in one batch with its link and audit entry: the password replaced by an
 * unusable hash, the admin role dropped, every refresh token and API key revoked, pending
 * authorization codes deleted, webhooks deactivated (they would send the new holder's events to
 * whoever set them up), and `credentials_revoked_at` set (the authorize page's browser session).
 */
export function takeoverStatements(
  d1: D1Database,
  input: { userId: string; connectionId: string; subject: string; unusablePasswordHash: string; at: string },
): D1PreparedStatement[] {
  const { userId, connectionId, subject, unusablePasswordHash, at } = input;
  // Each write applies only if this batch's link (first in it) was inserted: a lost race changes nothing.
  const linkedNow =
    "EXISTS (SELECT 1 FROM external_identities WHERE connection_id = ? AND subject = ? AND user_id = ? AND linked_via = 'takeover' AND created_at = ?)";
  const guard = [connectionId, subject, userId, at];
  return [
    d1
      .prepare(
        `UPDATE users SET password_hash = ?, role = 'user', credentials_revoked_at = ? WHERE id = ? AND ${linkedNow}`,
      )
      .bind(unusablePasswordHash, at, userId, ...guard),
    d1
      .prepare(`UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND ${linkedNow}`)
      .bind(at, userId, ...guard),
    d1
      .prepare(
        `UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND (revoked_at IS NULL OR revoked_at > ?) AND ${linkedNow}`,
      )
      .bind(at, userId, at, ...guard),
    d1.prepare(`DELETE FROM oauth_authorization_codes WHERE user_id = ? AND ${linkedNow}`).bind(userId, ...guard),
    d1
      .prepare(`UPDATE webhooks SET active = 0 WHERE user_id = ? AND organization_id IS NULL AND ${linkedNow}`)
      .bind(userId, ...guard),
  ];
}
