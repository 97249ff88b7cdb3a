import {
  type AttemptOutcome,
  attemptWrite,
  type DeliveryRow,
  deliveryDeadStatement,
  deliveryStatusStatement,
  findDelivery,
} from "../../db/webhook-deliveries";
import { findWebhook, type WebhookRow } from "../../db/webhooks";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { commitWrite } from "../unit-of-work";

/**
 * The stored state of deliveries as the delivery consumer (src/webhook-delivery/) moves them on:
 * it sends, these record.
 */

/**
 * The delivery `deliveryId` and its webhook when it is still due (pending or retrying, its webhook
 * there and active), else null: a duplicate queue message for a finished delivery is dropped, a
 * deleted webhook's deliveries are gone with it, and an inactive webhook's is marked skipped.
 */
export async function dueDelivery(
  ctx: Context,
  input: { deliveryId: string },
): Promise<{ delivery: DeliveryRow; webhook: WebhookRow } | null> {
  const delivery = await findDelivery(ctx.db, input.deliveryId);
  if (!delivery || (delivery.status !== "pending" && delivery.status !== "retrying")) return null;
  const webhook = await findWebhook(ctx.db, delivery.webhookId);
  if (!webhook) return null;
  if (!webhook.active) {
    await ctx.commit([deliveryStatusStatement(ctx.db, delivery.id, "skipped", iso(ctx.now()), "webhook inactive")]);
    return null;
  }
  return { delivery, webhook };
}

/** One attempt's outcome, with the delivery's new status and the webhook's last_triggered, at once. */
export async function recordDeliveryAttempt(
  ctx: Context,
  input: { delivery: Pick<DeliveryRow, "id" | "webhookId">; outcome: AttemptOutcome },
): Promise<number> {
  return commitWrite(ctx, attemptWrite(ctx.db, input.delivery, input.outcome));
}

/** The dead-letter queue's verdict: `dead`, unless the delivery finished meanwhile. */
export async function deadLetterDelivery(ctx: Context, input: { deliveryId: string }): Promise<void> {
  await ctx.commit([deliveryDeadStatement(ctx.db, input.deliveryId, iso(ctx.now()))]);
}
