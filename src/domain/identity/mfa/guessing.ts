import {
  type AttemptBound,
  accountSubject,
  clearAttemptsStatement,
  countAttemptStatement,
  countedRow,
  lockRows,
  locksStatement,
  signInSubject,
} from "../../../db/mfa-attempts";
import { findUserById } from "../../../db/users";
import { AppError } from "../../../errors";
import type { Context } from "../../context";
import { deliverMail, queueMail } from "../../mail/outbox";
import { REFRESH_TOKEN_TTL } from "../refresh-rotation";

/*
 * Guessing a second factor is bounded per account and per sign-in, not only per address (issue 44,
 * docs/security.md "Guessing second factors"). A six-digit code has 10^6 values, of which three pass
 * at any time (±1 step), so an unbounded guesser wins in about 330,000 tries; these bounds keep it to
 * ten a quarter of an hour at first and ten a day at last, however many addresses it uses (NIST SP
 * 800-63B §5.2.2).
 */

/** Every sign-in challenge and step-up of the account: 10 wrong codes in a row lock codes for 15 minutes, doubling. */
const ACCOUNT: Omit<AttemptBound, "subject" | "userId"> = {
  max: 10,
  lockMs: 15 * 60_000,
  maxLockMs: 24 * 3_600_000,
};
/** One sign-in's step-ups: 5 wrong codes and it may not step up again (a sign-in challenge dies after 5 too). */
const SIGN_IN: Omit<AttemptBound, "subject" | "userId"> = {
  max: 5,
  lockMs: REFRESH_TOKEN_TTL * 1000,
  maxLockMs: REFRESH_TOKEN_TTL * 1000,
};

export interface CountedAttempt {
  /** Set when this attempt's count locked the account: until when (a notice is mailed if it was wrong). */
  lockedAccountUntil?: number;
  /** Whether this attempt's count locked the sign-in's step-up. */
  lockedSignIn: boolean;
}

/**
 * Count a guessable attempt (a code or a recovery code) before checking it: on the account, and for a
 * step-up on its sign-in (`sid`) too. Refused, counting nothing, while either is locked: 429
 * MFA_LOCKED (the account, until the lock ends) or 403 MFA_STEP_UP_LOCKED (the sign-in, for good).
 * The count is charged before the check, as a throttle's is, so concurrent guesses cannot exceed it.
 */
export async function countAttempt(ctx: Context, input: { userId: string; sid?: string }): Promise<CountedAttempt> {
  const now = ctx.now();
  const account = accountSubject(input.userId);
  const signIn = input.sid ? signInSubject(input.sid) : undefined;
  const subjects = signIn ? [signIn, account] : [account];
  const counting = signIn
    ? [
        countAttemptStatement(ctx.db, { ...SIGN_IN, subject: signIn, userId: input.userId }, now, {
          unlessLocked: account,
        }),
        countAttemptStatement(ctx.db, { ...ACCOUNT, subject: account, userId: input.userId }, now, {
          afterPrevious: true,
        }),
      ]
    : [countAttemptStatement(ctx.db, { ...ACCOUNT, subject: account, userId: input.userId }, now)];
  const results = await ctx.commit([...counting, locksStatement(ctx.db, subjects, now)]);
  const rows = counting.map((_, i) => countedRow(results[i]));
  if (rows.every(Boolean)) {
    const lockedNow = (row: (typeof rows)[number]) => ((row?.lockedUntil ?? 0) > now ? row!.lockedUntil! : undefined);
    const accountUntil = lockedNow(rows[rows.length - 1]);
    return {
      ...(accountUntil ? { lockedAccountUntil: accountUntil } : {}),
      lockedSignIn: signIn !== undefined && lockedNow(rows[0]) !== undefined,
    };
  }
  const locks = lockRows(results[counting.length]);
  const accountLock = locks.find((l) => l.subject === account);
  if (accountLock) throw lockedOut(accountLock.lockedUntil, now);
  throw new AppError("MFA_STEP_UP_LOCKED");
}

const lockedOut = (until: number, now: number) =>
  new AppError("MFA_LOCKED", {
    details: { retry_after: Math.max(1, Math.ceil((until - now) / 1000)), locked_until: new Date(until).toISOString() },
  });

/**
 * After the check. A correct factor (a passkey too, counted or not) starts the counts again; a wrong
 * code whose count locked the account or the sign-in mails its holder, once per lock.
 */
export async function settleAttempt(
  ctx: Context,
  input: { userId: string; sid?: string | undefined; attempt: CountedAttempt | undefined; ok: boolean },
) {
  if (input.ok) {
    const subjects = [accountSubject(input.userId), ...(input.sid ? [signInSubject(input.sid)] : [])];
    await ctx.commit([clearAttemptsStatement(ctx.db, subjects)]);
    return;
  }
  const { lockedAccountUntil, lockedSignIn } = input.attempt ?? { lockedSignIn: false };
  if (!lockedAccountUntil && !lockedSignIn) return;
  const user = await findUserById(ctx.db, input.userId);
  if (!user) return;
  const summary = lockedAccountUntil
    ? `${ACCOUNT.max} wrong second-factor codes in a row were entered for your account, so codes are refused until ${new Date(lockedAccountUntil).toISOString()} (a passkey still works)`
    : `A signed-in session entered ${SIGN_IN.max} wrong second-factor codes, so it can no longer confirm a second factor`;
  const mail = await queueMail(ctx, {
    to: user.email,
    template: { type: "mfa.locked", summary, requestId: ctx.meta.requestId, ip: ctx.meta.ip },
  });
  await ctx.commit([mail.statement]);
  await deliverMail(ctx, { ids: [mail.id] });
}
