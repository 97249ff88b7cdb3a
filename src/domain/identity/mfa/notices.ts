import { organizationsOfUser } from "../../../db/organizations";
import type { Context, RequestMeta } from "../../context";
import { deliverMail, queueMail } from "../../mail/outbox";
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
 * through this one function, committed to the mail outbox with the audit entries and sent right
 * after (the cron retries a failed send). Callers check `requireMailer` before changing a factor,
 * so a change never happens without its notice.
 */
export async function announceFactorChange(
  ctx: Context,
  input: { principal: Principal; email: string; meta: RequestMeta; change: FactorChange },
) {
  const { principal, meta, change } = input;
  const orgs = await organizationsOfUser(ctx.db, principal.userId);
  const entries = orgs.map((o) =>
    auditStatement(ctx, {
      organizationId: o.organization.id,
      actor: principal,
      meta,
      entry: {
        action: change.action,
        targetType: "user",
        targetId: principal.userId,
        after: { factor: change.factor },
      },
    }),
  );
  const mail = await queueMail(ctx, {
    to: input.email,
    template: { type: "mfa.changed", summary: change.summary, requestId: meta.requestId, ip: meta.ip },
  });
  await ctx.commit([...entries, mail.statement]);
  await deliverMail(ctx, { ids: [mail.id] });
}
