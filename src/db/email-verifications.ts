/**
 * Pending email verifications (drizzle/schema/identity.ts `email_verifications`) and the user's
 * `email_verified_at`. Tokens are stored as SHA-256 only.
 */
import type { Statement, Write } from "./store";

export interface EmailVerificationRow {
  tokenHash: string;
  userId: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * A new pending verification replacing every earlier one of the user (only the newest link works):
 * statements for the caller's batch (with the mail that carries the token).
 */
export function replaceVerificationStatements(d1: D1Database, row: EmailVerificationRow): D1PreparedStatement[] {
  return [
    d1.prepare("DELETE FROM email_verifications WHERE user_id = ?").bind(row.userId),
    d1
      .prepare(
        "INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      )
      .bind(row.tokenHash, row.userId, row.email, row.createdAt, row.expiresAt),
  ];
}

/** When the user's newest pending verification was mailed (null when none is pending). */
export async function latestVerificationAt(d1: D1Database, userId: string): Promise<string | null> {
  const row = await d1
    .prepare("SELECT MAX(created_at) AS at FROM email_verifications WHERE user_id = ?")
    .bind(userId)
    .first<{ at: string | null }>();
  return row?.at ?? null;
}

export async function findVerification(d1: D1Database, tokenHash: string): Promise<EmailVerificationRow | null> {
  return d1
    .prepare(
      "SELECT token_hash AS tokenHash, user_id AS userId, email, created_at AS createdAt, expires_at AS expiresAt FROM email_verifications WHERE token_hash = ?",
    )
    .bind(tokenHash)
    .first<EmailVerificationRow>();
}

/**
 * Spends the token and marks the email verified, committed together: the token's row is deleted
 * only while unexpired; the user is marked only if that delete happened and the email is still the
 * one mailed; `then` (statements run only when the user was marked, e.g. onEmailVerified's) follow.
 * It reads whether the email was verified now.
 */
export function consumeVerificationWrite(
  d1: D1Database,
  row: EmailVerificationRow,
  at: string,
  then: Statement[],
): Write<boolean> {
  const statements = [
    d1.prepare("DELETE FROM email_verifications WHERE token_hash = ? AND expires_at > ?").bind(row.tokenHash, at),
    d1
      .prepare(
        "UPDATE users SET email_verified_at = ? WHERE changes() = 1 AND id = ? AND email = ? AND email_verified_at IS NULL",
      )
      .bind(at, row.userId, row.email),
    ...then,
  ];
  return { statements, read: ([, marked]) => (marked?.meta.changes ?? 0) > 0 };
}
