import type { Store } from "../../db/store";
import { findDeliveryOfWebhook, insertDelivery, listDeliveries, setDeliveryStatus } from "../../db/webhook-deliveries";
import { AppError } from "../../errors";
import { iso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { Context } from "../context";
import type { Principal } from "../identity/principal";
import { deliveryIdFor, deliveryMessage, payloadBody } from "./deliveries";
import { ownWebhook } from "./manage";
import { TEST_EVENT_TYPE } from "./subscriptions";

/** The webhook's delivery log, newest first, each delivery with its attempts. */
export async function deliveryLog(d1: Store, principal: Principal, webhookId: string, limit: number, offset: number) {
  const webhook = await ownWebhook(d1, principal, webhookId);
  const { deliveries, attempts, total } = await listDeliveries(d1, webhook.id, limit, offset);
  return {
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
      attempt_log: attempts
        .filter((a) => a.deliveryId === d.id)
        .map((a) => ({
          attempt: a.attempt,
          status_code: a.statusCode,
          duration_ms: a.durationMs,
          error: a.error,
          attempted_at: a.createdAt,
        })),
    })),
    pagination: { total, limit, offset, has_more: offset + deliveries.length < total },
  };
}

async function activeOwnWebhook(d1: Store, principal: Principal, webhookId: string) {
  const webhook = await ownWebhook(d1, principal, webhookId);
  if (!webhook.active) throw new AppError("WEBHOOK_INACTIVE", { details: { webhook_id: webhook.id } });
  return webhook;
}

/**
 * Send a delivery again, whatever its status. Same body and same webhook-id
 * (receivers that already processed it can dedupe); a fresh timestamp and
 * signature. Its attempts continue in the same log.
 */
export async function replayDelivery(
  ctx: Context,
  principal: Principal,
  webhookId: string,
  deliveryId: string,
  now = Date.now(),
) {
  const webhook = await activeOwnWebhook(ctx.db, principal, webhookId);
  const delivery = await findDeliveryOfWebhook(ctx.db, webhook.id, deliveryId);
  if (!delivery)
    throw new AppError("RESOURCE_NOT_FOUND", { message: "Delivery not found.", details: { resource: "delivery" } });
  await setDeliveryStatus(ctx.db, delivery.id, "pending", iso(now));
  await ctx.env.WEBHOOK_QUEUE.send(deliveryMessage(delivery.id));
  return { delivery_id: delivery.id, event_id: delivery.eventId, status: "pending" as const };
}

/** A `webhook.test` ping to this one webhook, through the same queue, signing and log as real events. */
export async function sendTestPing(ctx: Context, principal: Principal, webhookId: string, now = Date.now()) {
  const webhook = await activeOwnWebhook(ctx.db, principal, webhookId);
  const eventId = newId("evt", now);
  const at = iso(now);
  const id = await deliveryIdFor(eventId, webhook.id);
  const body = payloadBody(TEST_EVENT_TYPE, at, { webhook_id: webhook.id, message: "This is a test delivery." });
  await insertDelivery(ctx.db, {
    id,
    webhookId: webhook.id,
    userId: principal.userId,
    eventId,
    eventType: TEST_EVENT_TYPE,
    body,
    status: "pending",
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
  });
  await ctx.env.WEBHOOK_QUEUE.send(deliveryMessage(id));
  return { delivery_id: id, event_id: eventId, status: "pending" as const };
}
