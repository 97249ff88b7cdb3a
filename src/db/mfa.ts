import { and, count, eq, isNull } from "drizzle-orm";
import { rowWrite } from "./changes";
import { db, schema, statementOf } from "./client";
import type { Statement, Write } from "./store";

const { mfaTotp, mfaRecoveryCodes } = schema;
export type TotpRow = typeof mfaTotp.$inferSelect;

export async function findTotp(d1: D1Database, userId: string): Promise<TotpRow | undefined> {
  return db(d1).select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).get();
}

/** A new, unconfirmed enrolment replaces an earlier unconfirmed one; never a confirmed one. */
export function upsertPendingTotpWrite(d1: D1Database, row: TotpRow): Write<boolean> {
  return rowWrite(
    d1
      .prepare(
        `INSERT INTO mfa_totp (user_id, secret_sealed, confirmed_at, last_step, created_at) VALUES (?1, ?2, NULL, NULL, ?3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = ?2, last_step = NULL, created_at = ?3
       WHERE mfa_totp.confirmed_at IS NULL`,
      )
      .bind(row.userId, row.secretSealed, row.createdAt),
  );
}

/**
 * Accept time step `step` once: the write happens only while every accepted step is older, so two
 * requests racing with one code cannot both pass (RFC 6238 §5.2: a verifier must not accept a second
 * attempt of the same OTP). `confirmAt` confirms an enrolment in the same statement.
 */
export function acceptTotpStepWrite(d1: D1Database, userId: string, step: number, confirmAt?: string) {
  return rowWrite(
    d1
      .prepare(
        `UPDATE mfa_totp SET last_step = ?2, confirmed_at = COALESCE(confirmed_at, ?3)
       WHERE user_id = ?1 AND (last_step IS NULL OR last_step < ?2)`,
      )
      .bind(userId, step, confirmAt ?? null),
  );
}

export function deleteTotpStatement(d1: D1Database, userId: string): Statement {
  return d1.prepare("DELETE FROM mfa_totp WHERE user_id = ?1").bind(userId);
}

/** Replaces the whole set, committed together: the old codes stop working as the new ones start. */
export function replaceRecoveryCodesStatements(
  d1: D1Database,
  userId: string,
  hashes: string[],
  at: string,
): Statement[] {
  return [
    d1.prepare("DELETE FROM mfa_recovery_codes WHERE user_id = ?1").bind(userId),
    ...hashes.map((h) =>
      d1
        .prepare("INSERT INTO mfa_recovery_codes (user_id, code_hash, used_at, created_at) VALUES (?1, ?2, NULL, ?3)")
        .bind(userId, h, at),
    ),
  ];
}

/** Spend one code: true only for the one request whose write marked it used. */
export function useRecoveryCodeWrite(d1: D1Database, userId: string, hash: string, at: string): Write<boolean> {
  return rowWrite(
    d1
      .prepare("UPDATE mfa_recovery_codes SET used_at = ?3 WHERE user_id = ?1 AND code_hash = ?2 AND used_at IS NULL")
      .bind(userId, hash, at),
  );
}

export async function unusedRecoveryCodes(d1: D1Database, userId: string): Promise<number> {
  const row = await db(d1)
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

export function deleteRecoveryCodesStatement(d1: D1Database, userId: string): Statement {
  return d1.prepare("DELETE FROM mfa_recovery_codes WHERE user_id = ?1").bind(userId);
}

export function insertChallengeStatement(d1: D1Database, row: typeof schema.mfaChallenges.$inferInsert): Statement {
  const insert = db(d1).insert(schema.mfaChallenges).values(row);
  return statementOf(d1, insert);
}

export async function findLiveChallenge(d1: D1Database, tokenHash: string, now: number) {
  return d1
    .prepare(
      "SELECT user_id AS userId, country, webauthn_challenge AS webauthnChallenge FROM mfa_challenges WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 AND failures < ?3",
    )
    .bind(tokenHash, now, MFA_CHALLENGE_MAX_FAILURES)
    .first<{ userId: string; country: string; webauthnChallenge: string | null }>();
}

/** A challenge's wrong codes are counted; at MFA_CHALLENGE_MAX_FAILURES it is dead. */
const MFA_CHALLENGE_MAX_FAILURES = 5;

export function failChallengeStatement(d1: D1Database, tokenHash: string): Statement {
  return d1.prepare("UPDATE mfa_challenges SET failures = failures + 1 WHERE token_hash = ?1").bind(tokenHash);
}

/** Spend the challenge: true for the one request that did (a second use finds it used). */
export function useChallengeWrite(d1: D1Database, tokenHash: string, now: number, at: string): Write<boolean> {
  return rowWrite(
    d1
      .prepare(
        "UPDATE mfa_challenges SET used_at = ?3 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 AND failures < ?4",
      )
      .bind(tokenHash, now, at, MFA_CHALLENGE_MAX_FAILURES),
  );
}

export function recordCheckStatement(d1: D1Database, sid: string, userId: string, at: number): Statement {
  return d1
    .prepare(
      "INSERT INTO mfa_checks (sid, user_id, verified_at) VALUES (?1, ?2, ?3) ON CONFLICT (sid) DO UPDATE SET verified_at = ?3 WHERE mfa_checks.user_id = ?2",
    )
    .bind(sid, userId, at);
}

export async function lastCheck(d1: D1Database, sid: string, userId: string): Promise<number | null> {
  const row = await d1
    .prepare("SELECT verified_at AS at FROM mfa_checks WHERE sid = ?1 AND user_id = ?2")
    .bind(sid, userId)
    .first<{ at: number }>();
  return row?.at ?? null;
}

/**
 * Whether `userId` has a second factor: a confirmed authenticator app or a passkey (recovery codes
 * back a factor up; alone they are not one). One read, for the organization MFA requirement.
 */
export async function hasSecondFactor(d1: D1Database, userId: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT (EXISTS (SELECT 1 FROM mfa_totp WHERE user_id = ?1 AND confirmed_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM mfa_passkeys WHERE user_id = ?1)) AS has`,
    )
    .bind(userId)
    .first<{ has: number }>();
  return row?.has === 1;
}
