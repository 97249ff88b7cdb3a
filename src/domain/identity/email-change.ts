import {
  endAccountTokensStatement,
  endOldAddressLinksStatements,
  findAccountToken,
  insertAccountTokenStatement,
  setConfirmedEmailStatement,
  useAccountTokenStatement,
} from "../../db/account-tokens";
import { enforcedConnectionOfDomain } from "../../db/sso-domains";
import { findUserByEmail, findUserById } from "../../db/users";
import { AppError, invalidField } from "../../errors";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { newId, randomToken } from "../../lib/ids";
import { afterTrialStart } from "../billing/trial";
import type { Context } from "../context";
import { queueMail, requireMailer } from "../mail/outbox";
import type { HolderContext } from "./account-holder";
import { ssoRequired } from "./accounts";
import { onEmailVerified } from "./email-verification";
import { endEverySignIn } from "./password-reset";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords";

/** A confirmation link works once, for an hour (OWASP: short-lived, single use, hashed at rest). */
export const EMAIL_CHANGE_TTL_MS = 60 * 60_000;
/** `sace_` + 256 random bits: recognisable in logs and by secret scanners. */
const CHANGE_PREFIX = "sace_";

const emailTaken = () =>
  new AppError("EMAIL_ALREADY_REGISTERED", { details: { field: "new_email", reason: "already registered" } });

/**
 * Asks to change the caller's email: re-authenticated with the password, it mails a single-use link
 * to the new address and a notice to the old one, in one batch with the hashed link. Nothing else
 * changes until the link is used. A taken address is refused as registration refuses it (409), and
 * only after the password, so it tells a stranger nothing.
 */
export async function requestEmailChange(
  ctx: HolderContext,
  input: { newEmail: string; password: string },
): Promise<{ mailIds: string[] }> {
  requireMailer(ctx);
  const now = ctx.now();
  const user = await findUserById(ctx.db, ctx.holder.userId);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || user.deletedAt || !valid) {
    throw new AppError("INVALID_CREDENTIALS", { message: "The password is wrong.", details: { field: "password" } });
  }
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === user.email) throw invalidField("new_email", "is already the account's email");
  if (await findUserByEmail(ctx.db, newEmail)) throw emailTaken();
  // An address in a domain whose organization enforces sign-on is that organization's (as at registration).
  const enforced = await enforcedConnectionOfDomain(ctx.db, newEmail.split("@")[1] ?? "");
  if (enforced) throw ssoRequired(ctx, enforced);
  const token = CHANGE_PREFIX + randomToken(32);
  const confirm = await queueMail(ctx, {
    to: newEmail,
    template: { type: "email.change_confirm", newEmail, token, minutes: EMAIL_CHANGE_TTL_MS / 60_000 },
  });
  const notice = await queueMail(ctx, { to: user.email, template: { type: "email.change_notice", newEmail } });
  await ctx.commit([
    endAccountTokensStatement(ctx.db, user.id, "email_change", iso(now)),
    insertAccountTokenStatement(ctx.db, {
      id: newId("apt", now),
      purpose: "email_change",
      userId: user.id,
      tokenHash: await sha256Hex(token),
      newEmail,
      createdAt: iso(now),
      expiresAt: iso(now + EMAIL_CHANGE_TTL_MS),
    }),
    confirm.statement,
    notice.statement,
  ]);
  return { mailIds: [confirm.id, notice.id] };
}

const linkInvalid = (reason: "unknown" | "used_or_expired") =>
  new AppError("ACCOUNT_LINK_INVALID", { details: { field: "token", reason } });

/**
 * Confirms a change with the link mailed to the new address: the address becomes the account's,
 * verified (its holder just proved it). Every sign-in and OAuth grant ends, as do pending reset and
 * verification links (they went to the old address); the old address gets a notice
 * (docs/security.md "Token lifetimes and what each change revokes"). An account verified for the
 * first time this way gets what a verification gives (free credits once per mailbox and account, a
 * waiting trial), in the same batch; an account already verified gets nothing more.
 */
export async function confirmEmailChange(ctx: Context, input: { token: string }): Promise<{ mailIds: string[] }> {
  requireMailer(ctx);
  const now = ctx.now();
  const row = await findAccountToken(ctx.db, "email_change", await sha256Hex(input.token.trim()));
  if (!row?.newEmail) throw linkInvalid("unknown");
  if (row.usedAt || Date.parse(row.expiresAt) <= now) throw linkInvalid("used_or_expired");
  const user = await findUserById(ctx.db, row.userId);
  if (!user || user.deletedAt) throw linkInvalid("unknown");
  if (await findUserByEmail(ctx.db, row.newEmail)) throw emailTaken();
  const notice = await queueMail(ctx, {
    to: user.email,
    template: { type: "email.changed", newEmail: row.newEmail },
    onlyIfChanged: true,
  });
  const at = iso(now);
  const firstVerification = user.emailVerifiedAt === null;
  // Conditional on `email_verified_at = at`, which only the change below sets (onEmailVerified's rule).
  const verified = firstVerification ? await onEmailVerified(ctx, { user: { ...user, email: row.newEmail }, at }) : [];
  const [used, changed] = await ctx.commit([
    useAccountTokenStatement(ctx.db, row.id, at),
    setConfirmedEmailStatement(ctx.db, user.id, row.newEmail, at),
    ...verified,
    notice.statement,
    ...endOldAddressLinksStatements(ctx.db, user.id, row.newEmail, at),
  ]);
  if (used?.meta.changes !== 1) throw linkInvalid("used_or_expired");
  // Taken by a registration between the check and the batch: the link is spent, nothing changed.
  if (changed?.meta.changes !== 1) throw emailTaken();
  await endEverySignIn(ctx, user.id);
  // A trial that started moved the account's next action to its end: re-arm the billing clock.
  if (firstVerification) await afterTrialStart(ctx, { userId: user.id });
  return { mailIds: [notice.id] };
}
