import type { Statement, Store } from "./store";

/** The live organizations where the user is the only owner: deleting the account would orphan them. */
export async function organizationsOnlyOwnedBy(db: Store, userId: string): Promise<{ id: string; name: string }[]> {
  const { results } = await db
    .prepare(
      `SELECT o.id, o.name FROM organization_members m
         JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL
        WHERE m.user_id = ?1 AND m.role = 'owner'
          AND NOT EXISTS (SELECT 1 FROM organization_members x
                           WHERE x.organization_id = m.organization_id AND x.role = 'owner' AND x.user_id <> ?1)
        ORDER BY o.created_at, o.id`,
    )
    .bind(userId)
    .all<{ id: string; name: string }>();
  return results;
}

/** What must be cut off once the account is erased: its live keys, sign-ins, clients and memberships. */
export async function liveCredentialsOf(db: Store, userId: string, now: string) {
  const [keys, families, clients, memberships] = await db.batch([
    db
      .prepare(
        "SELECT id, user_id AS userId, organization_id AS organizationId FROM api_keys WHERE user_id = ?1 AND (revoked_at IS NULL OR revoked_at > ?2)",
      )
      .bind(userId, now),
    db
      .prepare("SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = ?1 AND expires_at > ?2")
      .bind(userId, now),
    db.prepare("SELECT id FROM oauth_clients WHERE owner_user_id = ?1").bind(userId),
    db.prepare("SELECT organization_id FROM organization_members WHERE user_id = ?1").bind(userId),
  ]);
  return {
    apiKeys: (keys?.results ?? []) as { id: string; userId: string; organizationId: string | null }[],
    families: ((families?.results ?? []) as { family_id: string }[]).map((r) => r.family_id),
    oauthClients: ((clients?.results ?? []) as { id: string }[]).map((r) => r.id),
    organizations: ((memberships?.results ?? []) as { organization_id: string }[]).map((r) => r.organization_id),
  };
}

/**
 * Erases a person's account in one batch (docs/storage.md "Account deletion"). Every statement is
 * idempotent, so an erasure repeated in a race changes nothing more.
 *
 * Kept: the user row's id (the ledger, sessions and audit entries name it), its billing account and
 * ledger, the audit entries (their addresses erased). Erased or removed: email, username, password,
 * country, last sign-in, consent and preferences; refresh tokens' client and country; every
 * credential and factor; memberships; pending links; external identities.
 */
export function eraseAccountStatements(
  db: Store,
  input: { userId: string; pseudonym: string; at: string },
): Statement[] {
  const { userId, pseudonym, at } = input;
  const run = (sql: string) => db.prepare(sql).bind(userId, at);
  return [
    db
      .prepare(
        `UPDATE users SET email = ?3, username = 'deleted-user', password_hash = '!deleted', marketing_consent = 0,
                country = 'unknown', last_login = NULL, email_verified_at = NULL, pref_notifications = 0,
                credentials_revoked_at = ?2, deleted_at = ?2
          WHERE id = ?1 AND deleted_at IS NULL`,
      )
      .bind(userId, at, pseudonym),
    run(
      "UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?2), client = NULL, country = NULL WHERE user_id = ?1",
    ),
    run("UPDATE api_keys SET revoked_at = ?2 WHERE user_id = ?1 AND (revoked_at IS NULL OR revoked_at > ?2)"),
    run("DELETE FROM organization_members WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM mfa_totp WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM mfa_recovery_codes WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM mfa_challenges WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM mfa_checks WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM external_identities WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM email_verifications WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM account_tokens WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM oauth_authorization_codes WHERE user_id = ?1 AND ?2 IS NOT NULL"),
    run("DELETE FROM oauth_clients WHERE owner_user_id = ?1 AND ?2 IS NOT NULL"),
    // Personal webhooks stop: nothing is delivered for an account that no longer exists.
    run("UPDATE webhooks SET active = 0 WHERE user_id = ?1 AND organization_id IS NULL AND ?2 IS NOT NULL"),
    run("UPDATE audit_log SET ip = 'erased' WHERE actor_user_id = ?1 AND ip <> 'erased' AND ?2 IS NOT NULL"),
    db.prepare("UPDATE admin_audit SET email = ?2 WHERE user_id = ?1").bind(userId, pseudonym),
  ];
}
