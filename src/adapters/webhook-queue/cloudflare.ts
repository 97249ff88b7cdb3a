import type { WebhookQueue, WebhookQueueMessage } from "../../domain/webhooks/ports";

/** The webhook queue on Cloudflare Queues (the WEBHOOK_QUEUE producer binding, wrangler.toml). */
export function cloudflareWebhookQueue(queue: Queue<unknown>): WebhookQueue {
  return {
    async send(messages: readonly WebhookQueueMessage[]) {
      if (messages.length === 0) return;
      // One message is one send; sendBatch takes up to 100 (Cloudflare Queues limits).
      if (messages.length === 1) await queue.send(messages[0]);
      else await queue.sendBatch(messages.map((body) => ({ body })));
    },
  };
}
