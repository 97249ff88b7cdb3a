import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { findDelivery, insertDeliveryStatement } from "../../src/db/webhook-deliveries";
import { deliveryIdFor, deliveryMessage, payloadBody } from "../../src/domain/webhooks/deliveries";
import { type EventType, eventIdFor, eventMessage } from "../../src/domain/webhooks/events";
import { newId } from "../../src/lib/ids";
import { handleWebhookBatch } from "../../src/webhook-delivery/consumer";
import type { DeliveryDeps } from "../../src/webhook-delivery/deliver";
import { addCard, purchase } from "../support/billing";
import { registerUser, type TestUser } from "../support/factories";
import { api } from "../support/http";
import { received, receiverBucket, waitForReceived } from "../support/receiver";
import { createWebhook, receivedBeforePing, STRONG_SECRET } from "../support/webhooks";

const QUEUE = "session-analysis-webhooks-dev";
const DLQ = "session-analysis-webhooks-dlq-dev";
const deps = (timeoutMs = 2_000): DeliveryDeps => ({ fetcher: (i, init) => fetch(i, init), timeoutMs, now: Date.now });

/** Run the consumer on one message, as the queue would, and return what it did with it. */
async function consume(queue: string, body: unknown, attempts = 1, environment = env, timeoutMs?: number) {
  const id = crypto.randomUUID();
  const batch = createMessageBatch(queue, [{ id, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  // getQueueResult reports retries but not their delay: record the retry options on the way.
  const delays: Array<number | undefined> = [];
  const observed = batch.messages.map(
    (m) =>
      new Proxy(m, {
        get: (target, prop) => {
          if (prop === "retry")
            return (options?: QueueRetryOptions) => {
              delays.push(options?.delaySeconds);
              target.retry(options);
            };
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
  );
  const observedBatch = {
    queue: batch.queue,
    messages: observed,
    ackAll: () => batch.ackAll(),
    retryAll: (o?: QueueRetryOptions) => batch.retryAll(o),
  };
  await handleWebhookBatch(observedBatch as unknown as MessageBatch<unknown>, environment, deps(timeoutMs));
  return { ...(await getQueueResult(batch, ctx)), delays };
}

async function hook(u: TestUser, url: string, extra: Record<string, unknown> = {}) {
  const res = await createWebhook(u.token, { url, secret: STRONG_SECRET, ...extra });
  if (res.status !== 201) throw new Error(res.text);
  return res.body.data as { id: string; secret: string };
}

/** A stored delivery of a session.completed event, not yet queued (the test drives the consumer). */
async function storedDelivery(u: TestUser, webhookId: string) {
  const eventId = newId("evt");
  const id = await deliveryIdFor(eventId, webhookId);
  const at = new Date().toISOString();
  await insertDeliveryStatement(env.DB, {
    id,
    webhookId,
    userId: u.id,
    eventId,
    eventType: "session.completed",
    body: payloadBody("session.completed", at, { session_id: "session_1" }),
    status: "pending",
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
  }).run();
  return id;
}

const verifier = new Webhook(`whsec_${btoa(STRONG_SECRET)}`); // a client-chosen secret's Standard Webhooks form
const event = async (u: TestUser, type: EventType, subject: string, data: Record<string, unknown> = {}) =>
  eventMessage(type, await eventIdFor(type, subject), u.id, new Date().toISOString(), { session_id: subject, ...data });

describe("event fan-out and signed delivery", () => {
  it("delivers to active subscribed webhooks only, signed per Standard Webhooks", async () => {
    const u = await registerUser();
    const [a, b, c] = [receiverBucket(), receiverBucket(), receiverBucket()];
    const subscribed = await hook(u, a.url(), { events: ["session.completed", "analysis.ready"] });
    const inactive = await hook(u, b.url(), { events: ["session.completed"], active: false });
    const unsubscribed = await hook(u, c.url(), { events: ["session.failed"] });
    const msg = await event(u, "session.completed", `session_${Date.now()}`, { confidence_score: 0.9 });

    const result = await consume(QUEUE, msg);
    expect(result.explicitAcks).toHaveLength(1);
    const [got] = await waitForReceived(a.name, 1);
    expect(got).toBeDefined();
    const payload = verifier.verify(got!.body, got!.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(payload).toEqual({ type: "session.completed", timestamp: msg.occurred_at, data: msg.data });
    expect(got!.headers["webhook-id"]).toBe(await deliveryIdFor(msg.event_id, subscribed.id));
    expect(got!.headers["content-type"]).toBe("application/json");

    // The fan-out decided every delivery before it acknowledged the event: none for the inactive
    // webhook, none for the one not subscribed to the event type.
    for (const other of [inactive, unsubscribed]) {
      const deliveries = await api("GET", `/v1/webhooks/${other.id}/deliveries`, { token: u.token });
      expect(deliveries.body.data.deliveries).toEqual([]);
    }
    expect(await receivedBeforePing(u.token, unsubscribed.id, c.name)).toEqual([]);

    const log = await api("GET", `/v1/webhooks/${subscribed.id}/deliveries`, { token: u.token });
    expect(log.body.data.deliveries).toHaveLength(1);
    expect(log.body.data.deliveries[0]).toMatchObject({
      event_id: msg.event_id,
      event_type: "session.completed",
      status: "succeeded",
      attempts: 1,
      last_status_code: 200,
    });
    expect(log.body.data.deliveries[0].attempt_log[0]).toMatchObject({ attempt: 1, status_code: 200, error: null });
    const list = await api("GET", "/v1/webhooks", { token: u.token });
    expect(list.body.data.webhooks.find((w: any) => w.id === subscribed.id).last_triggered).not.toBeNull();

    // The same event again (producer retry, queue redelivery) is not delivered twice.
    await consume(QUEUE, msg);
    expect(await receivedBeforePing(u.token, subscribed.id, a.name)).toHaveLength(1);
  });

  it("a purchase sends billing.payment_succeeded", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    await hook(u, bucket.url(), { events: ["billing.payment_succeeded"] });
    const res = await purchase(u.token, { credit_package: "starter", payment_method_id: await addCard(u.token) });
    const [got] = await waitForReceived(bucket.name, 1);
    const payload = verifier.verify(got!.body, got!.headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("billing.payment_succeeded");
    expect(payload.data).toMatchObject({
      transaction_id: res.body.data.transaction_id,
      credits_purchased: 100,
      amount: 10,
      currency: "USD",
      new_balance: 200,
    });
  });
});

describe("retries, timeouts and the dead-letter queue", () => {
  it("a 500 is retried on the schedule, with the same webhook-id, and every attempt is logged", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const w = await hook(u, bucket.url("status-500"));
    const id = await storedDelivery(u, w.id);

    const first = await consume(QUEUE, deliveryMessage(id), 1);
    const second = await consume(QUEUE, deliveryMessage(id), 2);
    expect(first.retryMessages).toHaveLength(1);
    expect([...first.delays, ...second.delays]).toEqual([5, 30]);
    const got = await received(bucket.name);
    expect(got.map((r) => r.headers["webhook-id"])).toEqual([id, id]);
    for (const r of got) expect(() => verifier.verify(r.body, r.headers)).not.toThrow();

    const row = await findDelivery(env.DB, id);
    expect(row).toMatchObject({ status: "retrying", attempts: 2, lastStatusCode: 500, lastError: "HTTP 500" });
  });

  it("a receiver slower than the timeout is a failed attempt, retried", async () => {
    const u = await registerUser();
    const w = await hook(u, receiverBucket().url("slow-1500"));
    const id = await storedDelivery(u, w.id);
    const result = await consume(QUEUE, deliveryMessage(id), 1, env, 200);
    expect(result.retryMessages).toHaveLength(1);
    expect((await findDelivery(env.DB, id))?.lastError).toBe("timed out after 200 ms");
  });

  it("a redirect is a failure (not followed)", async () => {
    const u = await registerUser();
    const w = await hook(u, receiverBucket().url("redirect"));
    const id = await storedDelivery(u, w.id);
    expect((await consume(QUEUE, deliveryMessage(id))).retryMessages).toHaveLength(1);
    expect(await findDelivery(env.DB, id)).toMatchObject({
      lastStatusCode: 302,
      lastError: "redirect not followed (HTTP 302)",
    });
  });

  it("after the last try the message goes to the dead-letter queue, whose consumer marks the delivery dead", async () => {
    const u = await registerUser();
    const w = await hook(u, receiverBucket().url("status-503"));
    const id = await storedDelivery(u, w.id);
    // Attempt 9 = the first try + max_retries (8): the queue dead-letters what we retry now.
    expect((await consume(QUEUE, deliveryMessage(id), 9)).retryMessages).toHaveLength(1);
    const dlq = await consume(DLQ, deliveryMessage(id));
    expect(dlq.explicitAcks).toHaveLength(1);
    const log = await api("GET", `/v1/webhooks/${w.id}/deliveries`, { token: u.token });
    expect(log.body.data.deliveries[0]).toMatchObject({ id, status: "dead", attempts: 1, last_status_code: 503 });
  });

  it("success after a failure ends the delivery; a duplicate message is not sent again", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const w = await hook(u, bucket.url("status-500"));
    const id = await storedDelivery(u, w.id);
    await consume(QUEUE, deliveryMessage(id), 1);
    await api("PUT", `/v1/webhooks/${w.id}`, { token: u.token, body: { url: bucket.url("ok") } });
    expect((await consume(QUEUE, deliveryMessage(id), 2)).explicitAcks).toHaveLength(1);
    expect((await consume(QUEUE, deliveryMessage(id), 1)).explicitAcks).toHaveLength(1);
    expect((await received(bucket.name)).map((r) => r.path.split("/").pop())).toEqual(["status-500", "ok"]);
    expect(await findDelivery(env.DB, id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("a webhook deactivated before delivery gets nothing", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const w = await hook(u, bucket.url());
    const id = await storedDelivery(u, w.id);
    await api("PUT", `/v1/webhooks/${w.id}`, { token: u.token, body: { active: false } });
    expect((await consume(QUEUE, deliveryMessage(id))).explicitAcks).toHaveLength(1);
    expect(await received(bucket.name)).toHaveLength(0);
    expect((await findDelivery(env.DB, id))?.status).toBe("skipped");
  });

  it("the URL is checked again at delivery time", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const w = await hook(u, bucket.url());
    const id = await storedDelivery(u, w.id);
    const result = await consume(QUEUE, deliveryMessage(id), 1, { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "false" });
    expect(result.explicitAcks).toHaveLength(1);
    expect(await received(bucket.name)).toHaveLength(0);
    expect(await findDelivery(env.DB, id)).toMatchObject({
      status: "failed",
      lastError: "url refused: must use https",
    });
  });

  it("drops messages it does not understand", async () => {
    expect((await consume(QUEUE, { kind: "bogus" })).explicitAcks).toHaveLength(1);
  });
});

describe("test ping and replay", () => {
  it("POST /test sends a signed webhook.test through the queue; replay resends it with the same webhook-id", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    const w = await hook(u, bucket.url(), { events: ["analysis.ready"] });
    const ping = await api("POST", `/v1/webhooks/${w.id}/test`, { token: u.token });
    expect(ping.status).toBe(202);
    expect(ping.body.data.delivery_id).toMatch(/^dlv_\d+$/);
    const [first] = await waitForReceived(bucket.name, 1);
    const payload = verifier.verify(first!.body, first!.headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("webhook.test");
    expect(payload.data.webhook_id).toBe(w.id);
    expect(first!.headers["webhook-id"]).toBe(ping.body.data.delivery_id);

    // Wait for the delivery to be logged as succeeded, then replay it.
    const deadline = Date.now() + 30_000; // a hang guard, far beyond what a loaded machine takes
    while ((await findDelivery(env.DB, ping.body.data.delivery_id))?.status !== "succeeded" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const replay = await api("POST", `/v1/webhooks/${w.id}/deliveries/${ping.body.data.delivery_id}/replay`, {
      token: u.token,
    });
    expect(replay.status).toBe(202);
    const both = await waitForReceived(bucket.name, 2);
    expect(both.map((r) => r.headers["webhook-id"])).toEqual([
      first!.headers["webhook-id"],
      first!.headers["webhook-id"],
    ]);
    expect(both[1]!.body).toBe(first!.body);
    expect(() => verifier.verify(both[1]!.body, both[1]!.headers)).not.toThrow();
  });

  it("an inactive webhook refuses test and replay with 409; an unknown delivery is 404", async () => {
    const u = await registerUser();
    const w = await hook(u, receiverBucket().url());
    expect((await api("POST", `/v1/webhooks/${w.id}/deliveries/dlv_123/replay`, { token: u.token })).status).toBe(404);
    await api("PUT", `/v1/webhooks/${w.id}`, { token: u.token, body: { active: false } });
    expect((await api("POST", `/v1/webhooks/${w.id}/test`, { token: u.token })).body.error.code).toBe(
      "WEBHOOK_INACTIVE",
    );
  });
});
