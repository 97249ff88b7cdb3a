import { recordMetric } from "../adapters/metrics";
import { configOf } from "../context/config";
import { findDelivery, markDeliveryDead, recordAttempt, setDeliveryStatus } from "../db/webhook-deliveries";
import { findWebhook } from "../db/webhooks";
import { dataEncryptionKey } from "../domain/encryption/data-key";
import { open } from "../domain/encryption/secret-box";
import { allowPrivateUrls } from "../domain/webhooks/deliveries";
import { signingKeyBytes } from "../domain/webhooks/secrets";
import { classifyWebhookUrl } from "../domain/webhooks/url-safety";
import type { Bindings } from "../env";
import { iso } from "../lib/clock";
import { newId } from "../lib/ids";
import { sendSigned } from "./send";

export interface DeliveryDeps {
  fetcher: typeof fetch;
  timeoutMs: number;
  now: () => number;
}

/** What the queue should do with the message afterwards. */
export type DeliveryVerdict = "ack" | "retry";

/**
 * One attempt of one delivery, logged. Only deliveries still due (pending or
 * retrying) are sent: a duplicate queue message for a finished delivery is
 * dropped. Permanent problems (webhook gone or inactive, URL now refused,
 * secret unreadable) end the delivery without retries.
 */
export async function attemptDelivery(env: Bindings, deliveryId: string, deps: DeliveryDeps): Promise<DeliveryVerdict> {
  const delivery = await findDelivery(env.DB, deliveryId);
  if (!delivery || (delivery.status !== "pending" && delivery.status !== "retrying")) return "ack";
  const webhook = await findWebhook(env.DB, delivery.webhookId);
  if (!webhook) return "ack"; // deleted: its deliveries are gone with it
  const now = deps.now();
  if (!webhook.active) {
    await setDeliveryStatus(env.DB, delivery.id, "skipped", iso(now), "webhook inactive");
    return "ack";
  }
  const permanentFailure = async (error: string) => {
    await recordAttempt(env.DB, delivery, {
      attemptId: newId("dlv", now),
      status: "failed",
      statusCode: null,
      durationMs: 0,
      error,
      at: iso(now),
    });
    recordMetric(env, { kind: "webhook", outcome: "failed", status: 0, durationMs: 0 });
    return "ack" as const;
  };
  const verdict = classifyWebhookUrl(webhook.url, { allowPrivate: allowPrivateUrls(configOf(env)) });
  if (!verdict.ok) return permanentFailure(`url refused: ${verdict.reason}`);
  const secret = await open(await dataEncryptionKey(configOf(env)), webhook.secretSealed, webhook.id);
  if (secret === null) return permanentFailure("signing secret unreadable (data encryption key changed)");

  const outcome = await sendSigned({
    url: verdict.url.href,
    keyBytes: signingKeyBytes(secret),
    msgId: delivery.id,
    body: delivery.body,
    now,
    timeoutMs: deps.timeoutMs,
    fetcher: deps.fetcher,
  });
  await recordAttempt(env.DB, delivery, {
    attemptId: newId("dlv", now),
    status: outcome.ok ? "succeeded" : "retrying",
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    error: outcome.error,
    at: iso(deps.now()),
  });
  recordMetric(env, {
    kind: "webhook",
    outcome: outcome.ok ? "delivered" : "failed",
    status: outcome.statusCode ?? 0,
    durationMs: outcome.durationMs,
  });
  return outcome.ok ? "ack" : "retry";
}

/** The dead-letter queue's consumer: the delivery exhausted its retries. */
export async function markDead(env: Pick<Bindings, "DB" | "METRICS">, deliveryId: string, now: number): Promise<void> {
  await markDeliveryDead(env.DB, deliveryId, iso(now));
  recordMetric(env, { kind: "webhook", outcome: "dead_lettered", status: 0, durationMs: 0 });
}
