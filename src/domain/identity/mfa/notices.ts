import { organizationsOfUser } from "../../../db/organizations";
import type { Context, RequestMeta } from "../../context";
import { mailerFor } from "../../mail/mailer";
import { type AuditAction, auditStatement } from "../../organizations/audit";
import type { Principal } from "../principal";

export interface FactorChange {
  action: Extract<AuditAction, `mfa.${string}`>;
  /** What changed, for the person: "An authenticator app was added". */
  summary: string;
  /** The factor's kind and id ("totp", a passkey's id, "recovery_codes"). */
  factor: string;
}

/**
 * Every change to a person's second factors reaches them by mail (so a thief who enrols their own
 * factor is noticed) and lands in the audit log of each organization they belong to. The mail goes
 * through this one function: the accounts work's Mailer port (src/adapters/mail) replaces
 * `mailerFor` here alone.
 */
export async function announceFactorChange(
  ctx: Context,
  input: { principal: Principal; email: string; meta: RequestMeta; change: FactorChange; now?: number },
) {
  const { principal, meta, change } = input;
  const orgs = await organizationsOfUser(ctx.db, principal.userId);
  const entries = orgs.map((o) =>
    auditStatement(
      ctx.db,
      o.organization.id,
      principal,
      meta,
      { action: change.action, targetType: "user", targetId: principal.userId, after: { factor: change.factor } },
      { now: input.now },
    ),
  );
  if (entries.length) await ctx.db.batch(entries);
  await mailerFor(ctx).send({
    to: input.email,
    subject: "Your sign-in security changed",
    text: `${change.summary} on your Session Analysis account (request ${meta.requestId}, from ${meta.ip}).\n\nIf this was not you, sign in, remove the factor and change your password.`,
  });
}
