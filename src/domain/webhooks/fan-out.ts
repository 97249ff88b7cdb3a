import { type DeliveryRow, insertDeliveries } from "../../db/webhook-deliveries";
import { activeWebhooksOf, ownerOfRecipient } from "../../db/webhooks";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { deliveryIdFor, deliveryMessage, payloadBody } from "./deliveries";
import type { EventMessage } from "./events";
import { receives } from "./subscriptions";

/**
 * An event → one delivery per active webhook of its recipient (a user, or an
 * organization for its sessions' events) subscribed to its
 * type. Idempotent: a repeated event (producer retry, queue redelivery)
 * finds its deliveries already stored and sends only those never attempted.
 */
export async function fanOut(ctx: Context, event: EventMessage): Promise<number> {
  const targets = (await activeWebhooksOf(ctx.db, ownerOfRecipient(event.user_id))).filter((w) =>
    receives(w, event.type),
  );
  const body = payloadBody(event.type, event.occurred_at, event.data);
  const at = iso(ctx.now());
  const rows: DeliveryRow[] = await Promise.all(
    targets.map(async (w) => ({
      id: await deliveryIdFor(event.event_id, w.id),
      webhookId: w.id,
      userId: event.user_id,
      eventId: event.event_id,
      eventType: event.type,
      body,
      status: "pending" as const,
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    })),
  );
  const toSend = await insertDeliveries(ctx.db, rows);
  await ctx.ports.webhookQueue.send(toSend.map(deliveryMessage));
  return toSend.length;
}
