import { adminRoleStatements } from "../../db/admin-audit";
import {
  consumeVerificationWrite,
  findVerification,
  latestVerificationAt,
  replaceVerificationStatements,
} from "../../db/email-verifications";
import type { Statement } from "../../db/store";
import { findUserById, type UserRow } from "../../db/users";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { accountOfUser } from "../billing/accounts";
import { emailVerifiedGrant } from "../billing/free-credits";
import { afterTrialStart, trialOnVerification } from "../billing/trial";
import type { Context } from "../context";
import { deliverMail, queueMail, requireMailer } from "../mail/outbox";
import { commitWrite } from "../unit-of-work";
import { isAdminEmail } from "./admin-emails";

/**
 * Email verification (issue 27, docs/security.md "Verified email"): a single-use token of 256 random
 * bits, mailed to the address, stored as SHA-256, valid 24 hours (long enough for a mailbox checked
 * once a day, short enough that an old mailbox backup is useless; the same as most identity
 * providers' default). Only the newest token of a user works; a changed email voids it.
 */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600 * 1000;
/** A resend waits this long after the previous mail (one mail a minute per account). */
const RESEND_COOLDOWN_MS = 60_000;
/** `sev_` + 256 random bits: recognisable in logs and secret scanners, like `soi_` invitations. */
const TOKEN_PREFIX = "sev_";

const verifiedEmail = (user: Pick<UserRow, "emailVerifiedAt">) => user.emailVerifiedAt !== null;

/**
 * Mail a fresh verification token to the user's email (replacing any pending one): the token and
 * its mail are committed in one batch through the mail outbox, then sent before answering (the
 * holder waits for this mail); a failed send is retried by the cron (sweepMail). 503
 * MAIL_SERVICE_UNAVAILABLE, before anything is written, when no adapter can send.
 */
export async function sendEmailVerification(
  ctx: Context,
  user: Pick<UserRow, "id" | "email">,
): Promise<{ delivered: boolean; expiresAt: string }> {
  const now = ctx.now();
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const expiresAt = iso(now + EMAIL_VERIFICATION_TTL_MS);
  const mail = await queueMail(ctx, {
    to: user.email,
    template: {
      type: "email.verification",
      endpoint: `${ctx.config.issuer.replace(/\/$/, "")}/v1/auth/email/verify`,
      token,
      expiresAt,
    },
  });
  await ctx.commit([
    ...replaceVerificationStatements(ctx.db, {
      tokenHash: await sha256Hex(token),
      userId: user.id,
      email: user.email,
      createdAt: iso(now),
      expiresAt,
    }),
    mail.statement,
  ]);
  const delivered = (await deliverMail(ctx, { ids: [mail.id] })) === 1;
  return { delivered, expiresAt };
}

/** POST /v1/auth/email/verify/resend: the signed-in user's new token, at most one a minute. */
export async function resendEmailVerification(ctx: Context, userId: string) {
  requireMailer(ctx);
  const now = ctx.now();
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("AUTHENTICATION_REQUIRED");
  if (verifiedEmail(user)) throw new AppError("EMAIL_ALREADY_VERIFIED");
  const last = await latestVerificationAt(ctx.db, user.id);
  const wait = last === null ? 0 : Date.parse(last) + RESEND_COOLDOWN_MS - now;
  if (wait > 0) {
    const retryAfter = Math.ceil(wait / 1000);
    throw new AppError("RATE_LIMIT_EXCEEDED", {
      message: `A verification email was sent less than a minute ago: retry in ${retryAfter} seconds.`,
      details: { retry_after: retryAfter },
    });
  }
  return sendEmailVerification(ctx, user);
}

const invalidToken = (reason: "unknown" | "expired" | "email_changed") =>
  new AppError("EMAIL_VERIFICATION_INVALID", { details: { reason } });

/**
 * POST /v1/auth/email/verify: spend the token and mark the email verified, with onEmailVerified's
 * statements in the same batch. An unknown, used, expired or superseded token changes nothing.
 */
export async function verifyEmail(ctx: Context, token: string): Promise<UserRow> {
  const now = ctx.now();
  const row = await findVerification(ctx.db, await sha256Hex(token.trim()));
  if (!row) throw invalidToken("unknown");
  if (Date.parse(row.expiresAt) <= now) throw invalidToken("expired");
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.email !== row.email) throw invalidToken("email_changed");
  const at = iso(now);
  const then = [...adminBootstrap(ctx, user, at, now), ...(await onEmailVerified(ctx, { user, at }))];
  if (!(await commitWrite(ctx, consumeVerificationWrite(ctx.db, row, at, then)))) {
    // Spent by a concurrent request between the read and the batch (or already verified).
    throw invalidToken("unknown");
  }
  // A trial that started moved the account's next action to its end: re-arm the billing clock.
  await afterTrialStart(ctx, { userId: user.id });
  return { ...user, emailVerifiedAt: at };
}

/**
 * ADMIN_EMAILS as a bootstrap only (docs/decisions.md "Account takeover"): a listed address becomes
 * an administrator when its holder verifies it here (a sign-on never can), recorded in admin_audit.
 */
function adminBootstrap(ctx: Context, user: UserRow, at: string, now: number): Statement[] {
  if (!isAdminEmail(ctx.config.adminEmails, user.email)) return [];
  return adminRoleStatements(
    ctx.db,
    { id: newId("aud", now), userId: user.id, action: "granted", actor: "bootstrap:ADMIN_EMAILS", at },
    { sql: "email_verified_at = ?", params: [at] },
  );
}

/**
 * The hook point of a verification (issue 27 item 4 grants free credits here): statements committed
 * in the verification's own batch, after the user's row is marked. Each must make itself conditional
 * on `users.email_verified_at = at` for `user.id` (only the batch that verified sets that value), so
 * a replayed or lost race commits none of them.
 */
export async function onEmailVerified(ctx: Context, verified: { user: UserRow; at: string }): Promise<Statement[]> {
  const { user, at } = verified;
  // Free credits once per verified email (domain/billing/free-credits.ts), conditional on `at`.
  const account = await accountOfUser(ctx, { userId: user.id });
  return [
    ...(await emailVerifiedGrant(ctx, { userId: user.id, email: user.email, accountId: account.id, at })),
    // After the claim: a paid tier chosen at registration starts its trial on the mailbox's first claim.
    ...(await trialOnVerification(ctx, { account, userId: user.id, email: user.email, at })),
  ];
}
