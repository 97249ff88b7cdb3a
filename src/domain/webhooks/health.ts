import { insertAuditStatement } from "../../db/audit-log";
import { rowWritten } from "../../db/changes";
import { outboxIfChangedStatement } from "../../db/outbox";
import type { Statement } from "../../db/store";
import { findUserById } from "../../db/users";
import { disableIfFailingSinceStatement, findWebhook } from "../../db/webhooks";
import { DAY_MS, iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import { deliverMail, queueMail } from "../mail/outbox";
import { eventIdFor, eventMessage } from "./events";
import { publish } from "./outbox";

/**
 * An endpoint whose every attempt has failed for this long is disabled (Svix: "all attempts to
 * an endpoint fail for 5 days"). Days, not minutes: a receiver down for a weekend deploy or an
 * outage of hours keeps its deliveries (they retry for about 8 hours, then recover can resend).
 */
export const DISABLE_AFTER_FAILING_MS = 5 * DAY_MS;

/**
 * After a failed attempt: disable the webhook if it has failed continuously (no success since
 * `failing_since`) for DISABLE_AFTER_FAILING_MS. In one batch, only if this call disabled it: the
 * organization's audit entry, the owner's email (the mail outbox) and the `webhook.disabled`
 * event, which the owner's other webhooks subscribed to it receive. True when it was disabled.
 */
export async function disableIfFailing(ctx: Context, input: { webhookId: string }): Promise<boolean> {
  const webhook = await findWebhook(ctx.db, input.webhookId);
  const now = ctx.now();
  if (!webhook?.active || !webhook.failingSince) return false;
  if (now - Date.parse(webhook.failingSince) < DISABLE_AFTER_FAILING_MS) return false;
  const at = iso(now);
  const statements: Statement[] = [
    disableIfFailingSinceStatement(ctx.db, webhook.id, iso(now - DISABLE_AFTER_FAILING_MS), at),
  ];
  // Each statement below is written only if the one before it wrote its row (changes() = 1).
  if (webhook.organizationId) {
    statements.push(
      insertAuditStatement(
        ctx.db,
        {
          id: newId("aud", now),
          organizationId: webhook.organizationId,
          actorUserId: null,
          actorCredential: `system:${ctx.actor.kind === "system" ? ctx.actor.name : "webhook-delivery"}`,
          action: "webhook.disabled",
          targetType: "webhook",
          targetId: webhook.id,
          before: JSON.stringify({ active: true }),
          after: JSON.stringify({ active: false, failing_since: webhook.failingSince, disabled_at: at }),
          requestId: ctx.meta.requestId,
          ip: ctx.meta.ip,
          createdAt: at,
        },
        true,
      ),
    );
  }
  const owner = await findUserById(ctx.db, webhook.userId);
  const mail =
    owner && ctx.ports.mailer
      ? await queueMail(ctx, {
          to: owner.email,
          template: {
            type: "webhook.disabled",
            url: webhook.url,
            failingSince: webhook.failingSince,
            disabledAt: at,
          },
          organizationId: webhook.organizationId,
          onlyIfChanged: true,
        })
      : undefined;
  if (mail) statements.push(mail.statement);
  const event = eventMessage(
    "webhook.disabled",
    await eventIdFor("webhook.disabled", `${webhook.id}:${webhook.failingSince}`),
    webhook.organizationId ?? webhook.userId,
    at,
    { webhook_id: webhook.id, url: webhook.url, failing_since: webhook.failingSince, disabled_at: at },
  );
  statements.push(outboxIfChangedStatement(ctx.db, event));
  const [disabled] = await ctx.commit(statements);
  if (!rowWritten(disabled)) return false; // another attempt disabled it first, or it succeeded meanwhile
  console.log(
    JSON.stringify({ msg: "webhook.disabled", webhook_id: webhook.id, failing_since: webhook.failingSince, at }),
  );
  await publish(ctx, [event]);
  if (mail) await deliverMail(ctx, { ids: [mail.id] });
  return true;
}
