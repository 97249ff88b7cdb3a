import { type DeliveryRow, insertDeliveriesStatements, unsentDeliveries } from "../../db/webhook-deliveries";
import { activeOrDisabledWebhooksOf, ownerOfRecipient } from "../../db/webhooks";
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
 * A webhook the service disabled for failing gets the delivery too, stored
 * `skipped` and not sent: what it missed is recovered on request once re-enabled.
 */
export async function fanOut(ctx: Context, event: EventMessage): Promise<number> {
  const targets = (await activeOrDisabledWebhooksOf(ctx.db, ownerOfRecipient(event.user_id))).filter((w) =>
    receives({ active: true, events: w.events }, event.type),
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
      status: w.active ? ("pending" as const) : ("skipped" as const),
      attempts: 0,
      lastStatusCode: null,
      lastError: w.active ? null : "webhook disabled after failing continuously",
      createdAt: at,
      updatedAt: at,
    })),
  );
  if (rows.length === 0) return 0;
  await ctx.commit(insertDeliveriesStatements(ctx.db, rows));
  const toSend = await unsentDeliveries(ctx.db, rows);
  await ctx.ports.webhookQueue.send(toSend.map(deliveryMessage));
  return toSend.length;
}
