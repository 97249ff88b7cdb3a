import type { MetricEvent, Metrics } from "../adapters/metrics";
import type { Context } from "../domain/context";
import { dataEncryptionKey } from "../domain/encryption/data-key";
import { open } from "../domain/encryption/secret-box";
import { allowPrivateUrls } from "../domain/webhooks/deliveries";
import { deadLetterDelivery, dueDelivery, recordDeliveryAttempt } from "../domain/webhooks/delivery-state";
import { disableIfFailing } from "../domain/webhooks/health";
import { signingKeyBytes } from "../domain/webhooks/secrets";
import { iso } from "../lib/clock";
import { newId } from "../lib/ids";
import { checkHttpTarget } from "../lib/target-address";
import { sendSigned } from "./send";

/** What the consumer's caller picks: how receivers are reached, how long one may take, the clock. */
export interface DeliveryDeps {
  fetcher: typeof fetch;
  timeoutMs: number;
  now: () => number;
}

/** One delivery to attempt, with how to reach its receiver and where its figures go. */
export interface DeliveryAttempt {
  deliveryId: string;
  fetcher: typeof fetch;
  timeoutMs: number;
  metrics: Metrics;
}

/** A metric is not worth a delivery: a failure to record one is logged, never thrown. */
function record(metrics: Metrics, event: MetricEvent): void {
  try {
    metrics.record(event);
  } catch (err) {
    console.error(JSON.stringify({ msg: "metric not written", kind: event.kind, error: String(err) }));
  }
}

/** What the queue should do with the message afterwards. */
export type DeliveryVerdict = "ack" | "retry";

/**
 * One attempt of one delivery, logged. Only deliveries still due (pending or
 * retrying) are sent: a duplicate queue message for a finished delivery is
 * dropped. Permanent problems (webhook gone or inactive, URL now refused,
 * secret unreadable) end the delivery without retries.
 */
export async function attemptDelivery(ctx: Context, input: DeliveryAttempt): Promise<DeliveryVerdict> {
  const { metrics } = input;
  const due = await dueDelivery(ctx, input);
  if (!due) return "ack";
  const { delivery, webhook } = due;
  const now = ctx.now();
  const permanentFailure = async (error: string) => {
    const attempt = await recordDeliveryAttempt(ctx, {
      delivery,
      outcome: { attemptId: newId("dlv", now), status: "failed", statusCode: null, durationMs: 0, error, at: iso(now) },
    });
    record(metrics, { kind: "webhook", outcome: "failed", status: 0, durationMs: 0 });
    await afterFailure(ctx, { delivery, attempt, error });
    return "ack" as const;
  };
  const verdict = checkHttpTarget(webhook.url, { allowPrivate: allowPrivateUrls(ctx.config) });
  if (!verdict.ok) return permanentFailure(`url refused: ${verdict.reason}`);
  const dataKey = await dataEncryptionKey(ctx.config);
  const secret = await open(dataKey, webhook.secretSealed, webhook.id);
  if (secret === null) return permanentFailure("signing secret unreadable (data encryption key changed)");
  const keys = [signingKeyBytes(secret)];
  // While a rotation's overlap lasts, the replaced secret signs too (a second `v1,` signature).
  if (
    webhook.previousSecretSealed &&
    webhook.previousSecretExpiresAt &&
    Date.parse(webhook.previousSecretExpiresAt) > now
  ) {
    const previous = await open(dataKey, webhook.previousSecretSealed, webhook.id);
    if (previous !== null) keys.push(signingKeyBytes(previous));
  }

  const outcome = await sendSigned({
    url: verdict.url.href,
    keys,
    msgId: delivery.id,
    body: delivery.body,
    now,
    timeoutMs: input.timeoutMs,
    fetcher: input.fetcher,
  });
  const attempt = await recordDeliveryAttempt(ctx, {
    delivery,
    outcome: {
      attemptId: newId("dlv", now),
      status: outcome.ok ? "succeeded" : "retrying",
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      error: outcome.error,
      at: iso(ctx.now()),
    },
  });
  record(metrics, {
    kind: "webhook",
    outcome: outcome.ok ? "delivered" : "failed",
    status: outcome.statusCode ?? 0,
    durationMs: outcome.durationMs,
  });
  if (outcome.ok) return "ack";
  await afterFailure(ctx, { delivery, attempt, error: outcome.error ?? "failed" });
  return "retry";
}

/**
 * A failed attempt: one log line (what a person reads in the development log; no stack trace),
 * then the automatic disabling's check.
 */
async function afterFailure(
  ctx: Context,
  input: { delivery: { id: string; webhookId: string }; attempt: number; error: string },
): Promise<void> {
  console.log(
    JSON.stringify({
      msg: "webhook.attempt_failed",
      webhook_id: input.delivery.webhookId,
      delivery_id: input.delivery.id,
      attempt: input.attempt,
      error: input.error,
    }),
  );
  await disableIfFailing(ctx, { webhookId: input.delivery.webhookId });
}

/** The dead-letter queue's consumer: the delivery exhausted its retries. */
export async function markDead(ctx: Context, input: { deliveryId: string; metrics: Metrics }): Promise<void> {
  await deadLetterDelivery(ctx, { deliveryId: input.deliveryId });
  record(input.metrics, { kind: "webhook", outcome: "dead_lettered", status: 0, durationMs: 0 });
}
