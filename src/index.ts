import { createApp } from "./app";
import type { Bindings } from "./env";
import { sweepOutbox } from "./domain/webhooks/outbox";
import { handleWebhookBatch } from "./webhooks/consumer";

export { SessionRoom } from "./session-room/session-room";

const app = createApp();

export default {
  fetch: app.fetch,
  /** Webhook event queue and its dead-letter queue: fan-out, signed delivery, retries (src/webhooks/). */
  async queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    await handleWebhookBatch(batch, env);
  },
  /** Every minute (wrangler.toml [triggers]): re-send outboxed events a request could not send. */
  async scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(sweepOutbox(env).then((n) => (n > 0 ? console.log(JSON.stringify({ msg: "outbox swept", sent: n })) : undefined)));
  },
} satisfies ExportedHandler<Bindings>;
