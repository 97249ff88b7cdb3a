import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { Bindings } from "../../src/bindings";
import { insertDeliveryStatement } from "../../src/db/webhook-deliveries";
import { deliveryIdFor, deliveryMessage, payloadBody } from "../../src/domain/webhooks/deliveries";
import { newId } from "../../src/lib/ids";
import { handleWebhookBatch } from "../../src/webhook-delivery/consumer";

export const WEBHOOK_QUEUE = "session-analysis-webhooks-dev";

/**
 * Run the real consumer on one message, as the queue would, with its clock at `now` (the
 * context's clock: what the delivery records and decides by) and a receiver timeout.
 */
export async function consumeAt(body: unknown, options: { now?: number; timeoutMs?: number } = {}) {
  const batch = createMessageBatch(WEBHOOK_QUEUE, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body },
  ]);
  const ctx = createExecutionContext();
  const now = options.now;
  await handleWebhookBatch(batch, env as unknown as Bindings, {
    fetcher: (input, init) => fetch(input, init),
    timeoutMs: options.timeoutMs ?? 2_000,
    now: now === undefined ? Date.now : () => now,
  });
  return getQueueResult(batch, ctx);
}

/** A stored, not yet queued delivery of a session.completed event to `webhookId` (the test drives the consumer). */
export async function storedDelivery(
  userId: string,
  webhookId: string,
  options: { status?: "pending" | "failed" | "dead" | "succeeded" | "skipped"; createdAt?: string; type?: string } = {},
) {
  const eventId = newId("evt");
  const id = await deliveryIdFor(eventId, webhookId);
  const at = options.createdAt ?? new Date().toISOString();
  const type = options.type ?? "session.completed";
  await insertDeliveryStatement(env.DB, {
    id,
    webhookId,
    userId,
    eventId,
    eventType: type,
    body: payloadBody(type, at, { session_id: `session_${eventId.slice(4)}` }),
    status: options.status ?? "pending",
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
  }).run();
  return id;
}

/** Attempt a stored delivery now (or at `now`). */
export const attemptAt = (deliveryId: string, now?: number) => consumeAt(deliveryMessage(deliveryId), { now });
