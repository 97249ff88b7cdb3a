/** Single-use mailed links (table account_tokens, drizzle/schema/mail.ts). */
export interface AccountTokenRow {
  id: string;
  purpose: "password_reset" | "email_change";
  userId: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** The address an `email_change` link confirms; null for other purposes. */
  newEmail: string | null;
}

const COLUMNS =
  "id, purpose, user_id AS userId, token_hash AS tokenHash, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt, new_email AS newEmail";

export function findAccountToken(d1: D1Database, purpose: string, tokenHash: string): Promise<AccountTokenRow | null> {
  return d1
    .prepare(`SELECT ${COLUMNS} FROM account_tokens WHERE token_hash = ?1 AND purpose = ?2`)
    .bind(tokenHash, purpose)
    .first<AccountTokenRow>();
}

/** The newest link of `purpose` for the user created at or after `since`, used or not. */
export function newestAccountTokenSince(
  d1: D1Database,
  userId: string,
  purpose: string,
  since: string,
): Promise<{ id: string } | null> {
  return d1
    .prepare("SELECT id FROM account_tokens WHERE user_id = ?1 AND purpose = ?2 AND created_at >= ?3 LIMIT 1")
    .bind(userId, purpose, since)
    .first<{ id: string }>();
}

/** Ends every unused link of `purpose` for the user (a newer one replaces them). */
export function endAccountTokensStatement(d1: D1Database, userId: string, purpose: string, at: string) {
  return d1
    .prepare("UPDATE account_tokens SET used_at = ?3 WHERE user_id = ?1 AND purpose = ?2 AND used_at IS NULL")
    .bind(userId, purpose, at);
}

export function insertAccountTokenStatement(
  d1: D1Database,
  row: Omit<AccountTokenRow, "usedAt" | "newEmail"> & { newEmail?: string | null },
) {
  return d1
    .prepare(
      "INSERT INTO account_tokens (id, purpose, user_id, token_hash, created_at, expires_at, new_email) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )
    .bind(row.id, row.purpose, row.userId, row.tokenHash, row.createdAt, row.expiresAt, row.newEmail ?? null);
}

/**
 * Sets the confirmed new email (verified by the confirmation itself) only if the link's use, the
 * statement before it, changed a row and no other account holds the address by now.
 */
export function setConfirmedEmailStatement(d1: D1Database, userId: string, email: string, at: string) {
  return d1
    .prepare(
      "UPDATE users SET email = ?2, email_verified_at = ?3 WHERE id = ?1 AND changes() = 1 AND NOT EXISTS (SELECT 1 FROM users WHERE email = ?2)",
    )
    .bind(userId, email, at);
}

/**
 * With a confirmed change of address, the links mailed to the old one end: reset links and pending
 * verifications. Guarded by the change having happened (the user now holds `email`).
 */
export function endOldAddressLinksStatements(d1: D1Database, userId: string, email: string, at: string) {
  const changed = "EXISTS (SELECT 1 FROM users WHERE id = ?1 AND email = ?2)";
  return [
    d1
      .prepare(
        `UPDATE account_tokens SET used_at = ?3 WHERE user_id = ?1 AND purpose = 'password_reset' AND used_at IS NULL AND ${changed}`,
      )
      .bind(userId, email, at),
    d1.prepare(`DELETE FROM email_verifications WHERE user_id = ?1 AND ${changed}`).bind(userId, email),
  ];
}

/** Uses the link once: changes a row only if it is unused and unexpired at `at`. */
export function useAccountTokenStatement(d1: D1Database, id: string, at: string) {
  return d1
    .prepare("UPDATE account_tokens SET used_at = ?2 WHERE id = ?1 AND used_at IS NULL AND expires_at > ?2")
    .bind(id, at);
}

/** Sets the password hash only if the statement before it in the batch changed a row. */
export function setPasswordIfChangedStatement(d1: D1Database, userId: string, passwordHash: string) {
  return d1.prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1 AND changes() = 1").bind(userId, passwordHash);
}

export function setPasswordStatement(d1: D1Database, userId: string, passwordHash: string, expectedHash: string) {
  return d1
    .prepare("UPDATE users SET password_hash = ?2 WHERE id = ?1 AND password_hash = ?3")
    .bind(userId, passwordHash, expectedHash);
}

/** Every refresh family (sign-in or OAuth grant) of the user that may still hold a live token. */
export async function liveFamiliesOfUser(d1: D1Database, userId: string, now: string): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT DISTINCT family_id FROM refresh_tokens WHERE user_id = ?1 AND expires_at > ?2")
    .bind(userId, now)
    .all<{ family_id: string }>();
  return results.map((r) => r.family_id);
}
