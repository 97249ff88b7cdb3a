import type { DeliveryMessage } from "./deliveries";
import type { EventMessage } from "./events";

/** A message the webhook queue carries: an event to fan out, or one delivery to attempt. */
export type WebhookQueueMessage = EventMessage | DeliveryMessage;

/**
 * The webhook queue as the domain names it: at-least-once, so every consumer step is idempotent
 * (event and delivery ids are deterministic; receivers dedupe on webhook-id).
 */
export interface WebhookQueue {
  /** Enqueues the messages in one send; rejects when the queue refused them. */
  send(messages: readonly WebhookQueueMessage[]): Promise<void>;
}
