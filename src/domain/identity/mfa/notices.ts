import { organizationsOfUser } from "../../../db/organizations";
import type { Bindings } from "../../../env";
import type { RequestMeta } from "../../context";
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
  env: Pick<Bindings, "DB" | "KV" | "ENVIRONMENT">,
  input: { principal: Principal; email: string; meta: RequestMeta; change: FactorChange; now?: number },
) {
  const { principal, meta, change } = input;
  const orgs = await organizationsOfUser(env.DB, principal.userId);
  const entries = orgs.map((o) =>
    auditStatement(
      env.DB,
      o.organization.id,
      principal,
      meta,
      { action: change.action, targetType: "user", targetId: principal.userId, after: { factor: change.factor } },
      { now: input.now },
    ),
  );
  if (entries.length) await env.DB.batch(entries);
  await mailerFor(env).send({
    to: input.email,
    subject: "Your sign-in security changed",
    text: `${change.summary} on your Session Analysis account (request ${meta.requestId}, from ${meta.ip}).\n\nIf this was not you, sign in, remove the factor and change your password.`,
  });
}
