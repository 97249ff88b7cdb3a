import { z } from "zod";
import { type Metrics, metricsOf } from "../adapters/metrics";
import type { Bindings } from "../bindings";
import { systemContext } from "../context/system";
import type { Context } from "../domain/context";
import type { DeliveryMessage } from "../domain/webhooks/deliveries";
import { EVENT_TYPES, type EventMessage } from "../domain/webhooks/events";
import { fanOut } from "../domain/webhooks/fan-out";
import { attemptDelivery, type DeliveryDeps, markDead } from "./deliver";
import { retryScale, scaledRetryDelaySeconds } from "./retry-policy";
import { DELIVERY_TIMEOUT_MS } from "./send";

const defaultDeps = (): DeliveryDeps => ({
  fetcher: (input, init) => fetch(input, init),
  timeoutMs: DELIVERY_TIMEOUT_MS,
  now: Date.now,
});

/** The dead-letter queues are named `…-webhooks-dlq-<env>` (wrangler.toml). */
const isDeadLetterQueue = (queueName: string): boolean => queueName.includes("-dlq");

/** Every message the WEBHOOK_QUEUE carries; anything else is dropped (and logged). */
const QueueMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("event"),
    event_id: z.string(),
    type: z.enum(EVENT_TYPES),
    user_id: z.string(),
    occurred_at: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal("delivery"), delivery_id: z.string() }),
  // The admin status probe checks the producer; there is nothing to deliver.
  z.object({ kind: z.literal("probe") }),
]);

type QueueMessage = EventMessage | DeliveryMessage | { kind: "probe" };

function parse(body: unknown): QueueMessage | null {
  const parsed = QueueMessageSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * The WEBHOOK_QUEUE consumer. Messages are handled one by one and acked or
 * retried individually, so one slow receiver does not redeliver the others.
 * A failed delivery is retried with `retry({delaySeconds})` on the schedule
 * of retry-policy.ts; after max_retries the queue moves it to the DLQ.
 */
export async function handleWebhookBatch(
  batch: MessageBatch<unknown>,
  env: Bindings,
  deps: DeliveryDeps = defaultDeps(),
): Promise<void> {
  const ctx = systemContext(env, "webhook-delivery", deps.now);
  const metrics = metricsOf(env);
  if (isDeadLetterQueue(batch.queue)) return handleDeadLetters(batch, ctx, metrics);
  const scale = retryScale(ctx.config);
  for (const message of batch.messages) {
    const parsed = parse(message.body);
    if (parsed?.kind !== "event" && parsed?.kind !== "delivery") {
      if (!parsed) console.error(JSON.stringify({ msg: "unknown webhook queue message dropped", id: message.id }));
      message.ack();
      continue;
    }
    try {
      let verdict: "ack" | "retry" = "ack";
      if (parsed.kind === "event") await fanOut(ctx, parsed);
      else
        verdict = await attemptDelivery(ctx, {
          deliveryId: parsed.delivery_id,
          fetcher: deps.fetcher,
          timeoutMs: deps.timeoutMs,
          metrics,
        });
      if (verdict === "ack") message.ack();
      else message.retry({ delaySeconds: scaledRetryDelaySeconds(message.attempts, scale) });
    } catch (err) {
      // Our own failure (D1, queue): retry the message, not the receiver's fault.
      console.error(JSON.stringify({ msg: "webhook queue message failed", id: message.id, error: String(err) }));
      message.retry({ delaySeconds: scaledRetryDelaySeconds(message.attempts, scale) });
    }
  }
}

/** Dead-lettered deliveries are marked `dead` in the log; dead-lettered events are logged. */
async function handleDeadLetters(batch: MessageBatch<unknown>, ctx: Context, metrics: Metrics): Promise<void> {
  for (const message of batch.messages) {
    const parsed = parse(message.body);
    if (parsed?.kind === "delivery") await markDead(ctx, { deliveryId: parsed.delivery_id, metrics });
    else
      console.error(
        JSON.stringify({
          msg: "webhook event dead-lettered",
          id: message.id,
          body: parsed?.kind === "event" ? { kind: parsed.kind, event_id: parsed.event_id } : null,
        }),
      );
    message.ack();
  }
}
