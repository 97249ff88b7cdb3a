import {
  endAccountTokensStatement,
  findAccountToken,
  insertAccountTokenStatement,
  liveFamiliesOfUser,
  newestAccountTokenSince,
  setPasswordIfChangedStatement,
  setPasswordStatement,
  useAccountTokenStatement,
} from "../../db/account-tokens";
import { revokeFamilyStatement } from "../../db/refresh-tokens";
import { rememberRevokedSessions, revokeSessionStatement } from "../../db/revocations";
import { findUserByEmail, findUserById } from "../../db/users";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import type { Context } from "../context";
import { queueMail, requireMailer } from "../mail/outbox";
import { cutOffGrant } from "../organizations/cut-off";
import type { HolderContext } from "./account-holder";
import { DUMMY_PASSWORD_HASH, hashIterations, hashPassword, passwordWeakness, verifyPassword } from "./passwords";
import { REFRESH_TOKEN_TTL } from "./refresh-rotation";

/** A reset link works once, for 30 minutes (OWASP Forgot Password Cheat Sheet: short-lived, single use). */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** At most one reset mail per account a minute: "forgot" cannot be used to flood someone's mailbox. */
const RESET_MAIL_INTERVAL_MS = 60_000;
/** `sapr_` + 256 random bits: recognisable in logs and by secret scanners. */
const RESET_PREFIX = "sapr_";

const linkInvalid = (reason: "unknown" | "used_or_expired") =>
  new AppError("ACCOUNT_LINK_INVALID", { details: { field: "token", reason } });

/**
 * Mails a single-use reset link when the email has an account. The answer is the same either way
 * (no account enumeration), and so is the work: a token is generated and hashed and one D1 batch
 * written in both cases. Returns the queued mail's id (to send after the response), if any.
 */
export async function forgotPassword(ctx: Context, emailInput: string): Promise<string | null> {
  requireMailer(ctx);
  const now = ctx.now();
  const email = emailInput.trim().toLowerCase();
  const token = RESET_PREFIX + randomToken(32);
  const tokenHash = await sha256Hex(token);
  const user = await findUserByEmail(ctx.db, email);
  const recent = user
    ? await newestAccountTokenSince(ctx.db, user.id, "password_reset", iso(now - RESET_MAIL_INTERVAL_MS))
    : null;
  if (!user || recent) {
    // Comparable work without a trace: the same kind of write, on nothing.
    await ctx.commit([endAccountTokensStatement(ctx.db, "", "password_reset", iso(now))]);
    return null;
  }
  const mail = await queueMail(ctx, {
    to: user.email,
    template: { type: "password.reset", token, minutes: RESET_TOKEN_TTL_MS / 60_000 },
  });
  await ctx.commit([
    endAccountTokensStatement(ctx.db, user.id, "password_reset", iso(now)),
    insertAccountTokenStatement(ctx.db, {
      id: newId("apt", now),
      purpose: "password_reset",
      userId: user.id,
      tokenHash,
      createdAt: iso(now),
      expiresAt: iso(now + RESET_TOKEN_TTL_MS),
    }),
    mail.statement,
  ]);
  return mail.id;
}

function checkNewPassword(password: string, email: string) {
  const weakness = passwordWeakness(password, email);
  if (weakness) throw invalidField("new_password", weakness);
}

/**
 * Sets a new password with a reset link: the link is used, the password set and the notice queued
 * in one batch (nothing half-changed), then every sign-in of the account is ended.
 */
export async function resetPassword(
  ctx: Context,
  input: { token: string; newPassword: string },
): Promise<{ mailId: string }> {
  requireMailer(ctx);
  const now = ctx.now();
  const row = await findAccountToken(ctx.db, "password_reset", await sha256Hex(input.token.trim()));
  if (!row) throw linkInvalid("unknown");
  if (row.usedAt || Date.parse(row.expiresAt) <= now) throw linkInvalid("used_or_expired");
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw linkInvalid("unknown");
  checkNewPassword(input.newPassword, user.email);
  const hash = await hashPassword(input.newPassword, hashIterations(ctx.config));
  const mail = await queueMail(ctx, {
    to: user.email,
    template: { type: "password.changed", how: "reset" },
    onlyIfChanged: true,
  });
  const [used] = await ctx.commit([
    useAccountTokenStatement(ctx.db, row.id, iso(now)),
    setPasswordIfChangedStatement(ctx.db, user.id, hash),
    mail.statement,
    endAccountTokensStatement(ctx.db, user.id, "password_reset", iso(now)),
  ]);
  if (used?.meta.changes !== 1) throw linkInvalid("used_or_expired");
  await endEverySignIn(ctx, user.id);
  return { mailId: mail.id };
}

/**
 * Changes the password of the signed-in person, who proves it with the current one. Every sign-in
 * of the account ends, this one included (docs/security.md, "What each change revokes").
 */
export async function changePassword(
  ctx: HolderContext,
  input: { currentPassword: string; newPassword: string },
): Promise<{ mailId: string }> {
  const now = ctx.now();
  requireMailer(ctx);
  const user = await findUserById(ctx.db, ctx.holder.userId);
  const valid = await verifyPassword(input.currentPassword, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) {
    throw new AppError("INVALID_CREDENTIALS", {
      message: "The current password is wrong.",
      details: { field: "current_password" },
    });
  }
  checkNewPassword(input.newPassword, user.email);
  if (input.newPassword === input.currentPassword)
    throw invalidField("new_password", "must differ from the current password");
  const hash = await hashPassword(input.newPassword, hashIterations(ctx.config));
  const mail = await queueMail(ctx, {
    to: user.email,
    template: { type: "password.changed", how: "change" },
    onlyIfChanged: true,
  });
  const [changed] = await ctx.commit([
    setPasswordStatement(ctx.db, user.id, hash, user.passwordHash),
    mail.statement,
    endAccountTokensStatement(ctx.db, user.id, "password_reset", iso(now)),
  ]);
  // Another change won the race: this one changed nothing and queued no mail.
  if (changed?.meta.changes !== 1)
    throw new AppError("INVALID_CREDENTIALS", { message: "The current password is wrong." });
  await endEverySignIn(ctx, user.id);
  return { mailId: mail.id };
}

/**
 * Ends every sign-in and OAuth grant of the user: each refresh family is revoked, with its access
 * tokens (`sid`) and live sockets. The `sid` revocation is kept as long as a refresh token lives,
 * so a token rotated in a race with this still fails on its next use.
 */
export async function endEverySignIn(ctx: Context, userId: string): Promise<number> {
  const now = ctx.now();
  const families = await liveFamiliesOfUser(ctx.db, userId, iso(now));
  await Promise.all(
    families.map(async (familyId) => {
      await ctx.commit([
        revokeFamilyStatement(ctx.db, familyId, iso(now)),
        revokeSessionStatement(ctx.db, familyId, REFRESH_TOKEN_TTL, now),
      ]);
      rememberRevokedSessions([familyId]);
      await cutOffGrant(ctx, { sid: familyId });
    }),
  );
  return families.length;
}
