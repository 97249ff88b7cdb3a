import { createApp } from "./app";
import type { Bindings } from "./bindings";
import { runMaintenance } from "./maintenance";

export { BillingClock } from "./durable-objects/billing-clock/billing-clock";
export { SessionRoom } from "./durable-objects/session-room/session-room";
export { SessionScheduler } from "./durable-objects/session-scheduler/session-scheduler";

const app = createApp();

export default {
  fetch: app.fetch,
  /** Webhook event queue and its dead-letter queue: fan-out, signed delivery, retries (src/webhook-delivery/). */
  async queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    // Loaded on the isolate's first batch: requests never need the consumer (docs/decisions.md, "Performance").
    const { handleWebhookBatch } = await import("./webhook-delivery/consumer");
    await handleWebhookBatch(batch, env);
  },
  /** Every minute (wrangler.toml [triggers]): housekeeping kept off the request path (src/maintenance.ts). */
  async scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runMaintenance(env).then((done) => console.log(JSON.stringify({ msg: "maintenance", ...done }))));
  },
} satisfies ExportedHandler<Bindings>;
