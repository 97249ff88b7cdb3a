import { createApp } from "./app";
import type { Bindings } from "./env";

export { SessionRoom } from "./session-room/session-room";

const app = createApp();

export default {
  fetch: app.fetch,
  /** Webhook event queue and its dead-letter queue (delivery: issue #4). */
  async queue(batch: MessageBatch<unknown>, _env: Bindings): Promise<void> {
    for (const message of batch.messages) message.retry({ delaySeconds: 60 });
  },
} satisfies ExportedHandler<Bindings>;
