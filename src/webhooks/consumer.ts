import type { DeliveryMessage } from "../domain/webhooks/deliveries";
import type { EventMessage } from "../domain/webhooks/events";
import type { Bindings } from "../env";
import { attemptDelivery, type DeliveryDeps, markDead } from "./deliver";
import { fanOut } from "./fan-out";
import { retryScale, scaledRetryDelaySeconds } from "./retry-policy";
import { DELIVERY_TIMEOUT_MS } from "./send";

type QueueMessage = EventMessage | DeliveryMessage;

export const defaultDeps = (): DeliveryDeps => ({
  fetcher: (input, init) => fetch(input, init),
  timeoutMs: DELIVERY_TIMEOUT_MS,
  now: Date.now,
});

/** The dead-letter queues are named `…-webhooks-dlq-<env>` (wrangler.toml). */
export const isDeadLetterQueue = (queueName: string): boolean => queueName.includes("-dlq");

function parse(body: unknown): QueueMessage | null {
  if (!body || typeof body !== "object") return null;
  const m = body as Record<string, unknown>;
  if (
    m.kind === "event" &&
    typeof m.event_id === "string" &&
    typeof m.user_id === "string" &&
    typeof m.type === "string"
  )
    return m as unknown as EventMessage;
  if (m.kind === "delivery" && typeof m.delivery_id === "string") return m as unknown as DeliveryMessage;
  return null;
}

const isProbe = (body: unknown) =>
  typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "probe";

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
  if (isDeadLetterQueue(batch.queue)) return handleDeadLetters(batch, env, deps);
  const scale = retryScale(env);
  for (const message of batch.messages) {
    if (isProbe(message.body)) {
      message.ack(); // the admin status probe checks the producer; there is nothing to deliver
      continue;
    }
    const parsed = parse(message.body);
    if (!parsed) {
      console.error(JSON.stringify({ msg: "unknown webhook queue message dropped", id: message.id }));
      message.ack();
      continue;
    }
    try {
      let verdict: "ack" | "retry" = "ack";
      if (parsed.kind === "event") await fanOut(env, parsed, deps.now());
      else verdict = await attemptDelivery(env, parsed.delivery_id, deps);
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
async function handleDeadLetters(batch: MessageBatch<unknown>, env: Bindings, deps: DeliveryDeps): Promise<void> {
  for (const message of batch.messages) {
    const parsed = parse(message.body);
    if (parsed?.kind === "delivery") await markDead(env, parsed.delivery_id, deps.now());
    else
      console.error(
        JSON.stringify({
          msg: "webhook event dead-lettered",
          id: message.id,
          body: parsed ? { kind: parsed.kind, event_id: parsed.event_id } : null,
        }),
      );
    message.ack();
  }
}
