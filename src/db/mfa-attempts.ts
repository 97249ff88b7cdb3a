import type { Statement, StatementResult, Store } from "./store";

/**
 * Second-factor attempts counted per subject (table mfa_attempts, docs/storage.md): the account
 * (`account:<user id>`) and one sign-in (`sign_in:<sid>`). These build statements and read rows; the
 * domain (src/domain/identity/mfa/guessing.ts) commits them.
 */
export interface AttemptBound {
  subject: string;
  userId: string;
  /** Every `max`-th counted attempt locks the subject. */
  max: number;
  /** The first lock's length; each further lock doubles it, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
}

export const accountSubject = (userId: string) => `account:${userId}`;
export const signInSubject = (sid: string) => `sign_in:${sid}`;

/**
 * Count one attempt on `b.subject` unless it is locked at `now`, and unless `unlessLocked` (another
 * subject) is, or `afterPrevious` and the statement before it in the batch counted nothing. The
 * attempt that makes the count a multiple of `b.max` locks the subject (RETURNING shows it). The
 * count and the check are one statement, so concurrent attempts cannot pass the bound. Returns the
 * row (failures, locked_until) when counted, none when refused.
 */
export function countAttemptStatement(
  d1: Store,
  b: AttemptBound,
  now: number,
  opts: { unlessLocked?: string; afterPrevious?: boolean } = {},
): Statement {
  const guards = [
    ...(opts.unlessLocked ? ["NOT EXISTS (SELECT 1 FROM mfa_attempts WHERE subject = ?7 AND locked_until > ?4)"] : []),
    ...(opts.afterPrevious ? ["changes() = 1"] : []),
  ];
  const guard = guards.length ? guards.join(" AND ") : "1";
  return d1
    .prepare(
      `INSERT INTO mfa_attempts (subject, user_id, failures, lockouts, locked_until)
       SELECT ?1, ?2, 1, 0, NULL WHERE ${guard}
       ON CONFLICT (subject) DO UPDATE SET
         failures = failures + 1,
         lockouts = lockouts + ((failures + 1) % ?3 = 0),
         locked_until = CASE WHEN (failures + 1) % ?3 = 0 THEN ?4 + MIN(?6, ?5 << MIN(lockouts, 20)) ELSE locked_until END
       WHERE (locked_until IS NULL OR locked_until <= ?4) AND ${guard}
       RETURNING failures, locked_until AS lockedUntil`,
    )
    .bind(b.subject, b.userId, b.max, now, b.lockMs, b.maxLockMs, ...(opts.unlessLocked ? [opts.unlessLocked] : []));
}

/** What a counting statement returned: the row when the attempt was counted, undefined when refused. */
export const countedRow = (result: StatementResult | undefined) =>
  result?.results?.[0] as { failures: number; lockedUntil: number | null } | undefined;

/** The subjects of `subjects` locked at `now`, with when each lock ends. */
export function locksStatement(d1: Store, subjects: string[], now: number): Statement {
  return d1
    .prepare(
      `SELECT subject, locked_until AS lockedUntil FROM mfa_attempts
        WHERE subject IN (${subjects.map(() => "?").join(", ")}) AND locked_until > ?`,
    )
    .bind(...subjects, now);
}

export const lockRows = (result: StatementResult | undefined) =>
  (result?.results ?? []) as { subject: string; lockedUntil: number }[];

/** A correct second factor: the count starts again for the account and the sign-in. */
export function clearAttemptsStatement(d1: Store, subjects: string[]): Statement {
  return d1
    .prepare(`DELETE FROM mfa_attempts WHERE subject IN (${subjects.map(() => "?").join(", ")})`)
    .bind(...subjects);
}
