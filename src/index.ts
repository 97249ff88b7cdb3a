import { createApp } from "./app";
import type { Bindings } from "./env";
import { handleWebhookBatch } from "./webhooks/consumer";

export { SessionRoom } from "./session-room/session-room";

const app = createApp();

export default {
  fetch: app.fetch,
  /** Webhook event queue and its dead-letter queue: fan-out, signed delivery, retries (src/webhooks/). */
  async queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    await handleWebhookBatch(batch, env);
  },
} satisfies ExportedHandler<Bindings>;
