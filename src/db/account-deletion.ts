import { readTogether, type Statement, type Store } from "./store";

/** The live organizations of which `?1` is the only owner, as an SQL condition (shared by the read and the guard). */
const ONLY_OWNER_OF = `SELECT o.id, o.name FROM organization_members m
         JOIN organizations o ON o.id = m.organization_id AND o.deleted_at IS NULL
        WHERE m.user_id = ?1 AND m.role = 'owner'
          AND NOT EXISTS (SELECT 1 FROM organization_members x
                           WHERE x.organization_id = m.organization_id AND x.role = 'owner' AND x.user_id <> ?1)`;

/** The live organizations where the user is the only owner: deleting the account would orphan them. */
export async function organizationsOnlyOwnedBy(db: Store, userId: string): Promise<{ id: string; name: string }[]> {
  const { results } = await db
    .prepare(`${ONLY_OWNER_OF} ORDER BY o.created_at, o.id`)
    .bind(userId)
    .all<{ id: string; name: string }>();
  return results;
}

/** What must be cut off once the account is erased: its live keys, sign-ins, clients and memberships. */
export async function liveCredentialsOf(db: Store, userId: string, now: string) {
  const [keys, families, clients, memberships] = await readTogether(db, [
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

/** Ended statuses: a session in one of them is no longer written by its room. */
const ENDED = "('completed', 'failed', 'cancelled')";

/**
 * Tables whose rows (keyed by `user_id`) exist only for the person: memberships, second factors (a
 * passkey signs in on its own: a deleted account's must not), sign-on links and pending links and codes.
 * Deleted with the account.
 */
const PERSONAL_TABLES = [
  "organization_members",
  "mfa_totp",
  "mfa_recovery_codes",
  "mfa_challenges",
  "mfa_checks",
  "mfa_attempts",
  "mfa_passkeys",
  "webauthn_challenges",
  "external_identities",
  "scim_users",
  "email_verifications",
  "account_tokens",
  "oauth_authorization_codes",
] as const;

/**
 * Erases a person's account in one batch (docs/storage.md "Account deletion").
 *
 * The first statement is the guard: it pseudonymises the user row only while the user is nobody's
 * last owner, evaluated inside the batch's transaction, so an ownership change committed between
 * the caller's check and this batch (a co-owner demoted, leaving or deleting their own account)
 * cannot orphan an organization. `mail` (the deletion notice, inserted only if the guard changed
 * the row) follows it, and every later statement applies only if this batch set `deleted_at = at`:
 * when the guard refuses, the batch changes nothing. Check it with `erasureApplied`.
 *
 * Kept: the user row's id (the ledger, sessions and audit entries name it), its billing account and
 * ledger, the audit entries (their addresses erased), its sessions' accounting columns. Erased or
 * removed: email, username, password, country, last sign-in, consent and preferences; refresh
 * tokens' client and country; every credential and factor; memberships; pending links; external
 * identities; ended personal sessions' content. The rest (open sessions, the processor's customer)
 * is recorded in account_erasures for the work after the batch.
 */
export function eraseAccountStatements(
  db: Store,
  input: { userId: string; accountId: string; pseudonym: string; at: string; mail: Statement },
): Statement[] {
  const { userId, accountId, pseudonym, at, mail } = input;
  const erased = "EXISTS (SELECT 1 FROM users WHERE id = ?1 AND deleted_at = ?2)";
  const run = (sql: string) => db.prepare(sql).bind(userId, at);
  return [
    db
      .prepare(
        `UPDATE users SET email = ?3, username = 'deleted-user', password_hash = '!deleted', marketing_consent = 0,
                country = 'unknown', last_login = NULL, email_verified_at = NULL, pref_notifications = 0,
                credentials_revoked_at = ?2, deleted_at = ?2
          WHERE id = ?1 AND deleted_at IS NULL AND NOT EXISTS (${ONLY_OWNER_OF})`,
      )
      .bind(userId, at, pseudonym),
    mail,
    run(
      `UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, ?2), client = NULL, country = NULL WHERE user_id = ?1 AND ${erased}`,
    ),
    run(
      `UPDATE api_keys SET revoked_at = ?2 WHERE user_id = ?1 AND (revoked_at IS NULL OR revoked_at > ?2) AND ${erased}`,
    ),
    ...PERSONAL_TABLES.map((table) => run(`DELETE FROM ${table} WHERE user_id = ?1 AND ${erased}`)),
    run(`DELETE FROM oauth_clients WHERE owner_user_id = ?1 AND ${erased}`),
    // Personal webhooks stop: nothing is delivered for an account that no longer exists.
    run(`UPDATE webhooks SET active = 0 WHERE user_id = ?1 AND organization_id IS NULL AND ${erased}`),
    run(`UPDATE audit_log SET ip = 'erased' WHERE actor_user_id = ?1 AND ip <> 'erased' AND ${erased}`),
    db.prepare(`UPDATE admin_audit SET email = ?3 WHERE user_id = ?1 AND ${erased}`).bind(userId, at, pseudonym),
    // No fee is ever charged for a deleted person again: a paid plan (or its trial) ends at the
    // period's end, as a downgrade does, and the free plan's included credits stop renewing.
    db
      .prepare(
        `UPDATE billing_accounts SET pending_tier = CASE WHEN tier = 'basic' THEN NULL ELSE 'basic' END,
                trial_tier = NULL, free_included = 0, updated_at = ?2
          WHERE id = ?3 AND ${erased}`,
      )
      .bind(userId, at, accountId),
    ...erasedSessionContentStatements(db, { userId, at }),
    db
      .prepare(
        `INSERT INTO account_erasures (user_id, account_id, deleted_at, next_attempt_at)
         SELECT ?1, ?3, ?2, ?2 WHERE ${erased}
         ON CONFLICT (user_id) DO NOTHING`,
      )
      .bind(userId, at, accountId),
  ];
}

/** Whether the guarded batch of eraseAccountStatements erased the account (its guard let it through). */
export const erasureApplied = (results: { meta: { changes?: number } }[]) => (results[0]?.meta.changes ?? 0) > 0;

/**
 * The content of a deleted person's ended personal sessions: the cue, case and client references,
 * tags, results and the session's content (analysis and history, session_content, or the pointer to
 * its archive object, which the erasure then deletes: src/domain/users/account-erasure.ts) are theirs and
 * go; the row stays (id, type, status, credits, times: the ledger's charges and refunds and the
 * usage rollups name it). Only for a user already erased at `at` or before (`deleted_at IS NOT
 * NULL`), so a repeat is harmless.
 */
export function erasedSessionContentStatements(db: Store, input: { userId: string; at: string }): Statement[] {
  const theirs = `user_id = ?1 AND organization_id IS NULL AND status IN ${ENDED}
            AND EXISTS (SELECT 1 FROM users WHERE id = ?1 AND deleted_at IS NOT NULL AND deleted_at <= ?2)`;
  return [
    db
      .prepare(`DELETE FROM session_content WHERE id IN (SELECT content_id FROM sessions WHERE ${theirs})`)
      .bind(input.userId, input.at),
    db
      .prepare(
        `UPDATE sessions SET cue = '', case_id = NULL, client_reference = NULL, tags = '[]', results = NULL,
                content_id = NULL, archive_sha256 = NULL, updated_at = ?2
          WHERE ${theirs}
            AND (cue <> '' OR case_id IS NOT NULL OR client_reference IS NOT NULL OR tags <> '[]'
                 OR results IS NOT NULL OR content_id IS NOT NULL OR archive_sha256 IS NOT NULL)`,
      )
      .bind(input.userId, input.at),
  ];
}

/** A deleted person's personal sessions still pending or processing: their rooms cancel them. */
export async function openPersonalSessions(db: Store, userId: string): Promise<{ id: string; status: string }[]> {
  const { results } = await db
    .prepare(
      "SELECT id, status FROM sessions WHERE user_id = ?1 AND organization_id IS NULL AND status IN ('pending', 'processing') ORDER BY created_at, id",
    )
    .bind(userId)
    .all<{ id: string; status: string }>();
  return results;
}

/**
 * The gateway tokens of an account's saved payment methods with `gateway` (any gateway when null):
 * whose customer the processor keeps.
 */
export async function gatewayTokensOf(db: Store, accountId: string, gateway: string | null): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT gateway_token FROM payment_methods WHERE account_id = ?1 AND (?2 IS NULL OR gateway = ?2) ORDER BY created_at",
    )
    .bind(accountId, gateway)
    .all<{ gateway_token: string }>();
  return results.map((r) => r.gateway_token);
}

export interface ErasureRow {
  userId: string;
  accountId: string;
  deletedAt: string;
  attempts: number;
}

/** Erasures whose work is due (the cron's share), oldest first. */
export async function dueErasures(db: Store, now: string, limit: number): Promise<ErasureRow[]> {
  const { results } = await db
    .prepare(
      `SELECT user_id AS userId, account_id AS accountId, deleted_at AS deletedAt, attempts FROM account_erasures
        WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ?1 ORDER BY next_attempt_at LIMIT ?2`,
    )
    .bind(now, limit)
    .all<ErasureRow>();
  return results;
}

export async function findErasure(db: Store, userId: string): Promise<ErasureRow | null> {
  return db
    .prepare(
      "SELECT user_id AS userId, account_id AS accountId, deleted_at AS deletedAt, attempts FROM account_erasures WHERE user_id = ?1 AND done_at IS NULL",
    )
    .bind(userId)
    .first<ErasureRow>();
}

/** The erasure's work is done: nothing is retried. */
export function erasureDoneStatement(db: Store, userId: string, at: string): Statement {
  return db
    .prepare(
      "UPDATE account_erasures SET done_at = ?2, next_attempt_at = NULL, last_error = NULL, attempts = attempts + 1 WHERE user_id = ?1",
    )
    .bind(userId, at);
}

/** A failed attempt: retried at `retryAt`. */
export function erasureFailedStatement(db: Store, userId: string, error: string, retryAt: string): Statement {
  return db
    .prepare(
      "UPDATE account_erasures SET attempts = attempts + 1, last_error = ?2, next_attempt_at = ?3 WHERE user_id = ?1 AND done_at IS NULL",
    )
    .bind(userId, error.slice(0, 500), retryAt);
}
