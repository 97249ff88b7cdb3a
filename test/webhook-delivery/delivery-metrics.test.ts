import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { metricsOf } from "../../src/adapters/metrics";
import { insertDeliveryStatement } from "../../src/db/webhook-deliveries";
import { deliveryIdFor, payloadBody } from "../../src/domain/webhooks/deliveries";
import { newId } from "../../src/lib/ids";
import { attemptDelivery, markDead } from "../../src/webhook-delivery/deliver";
import { testContext } from "../support/context";
import { registerUser, type TestUser } from "../support/factories";
import { receiverBucket } from "../support/receiver";
import { createWebhook, STRONG_SECRET } from "../support/webhooks";

// Webhook deliveries and failures as Analytics Engine data points (src/adapters/metrics/), written by the
// real delivery code against the test receiver; METRICS keeps what it is given.
async function storedDelivery(u: TestUser, url: string) {
  const hook = await createWebhook(u.token, { url, secret: STRONG_SECRET });
  if (hook.status !== 201) throw new Error(hook.text);
  const eventId = newId("evt");
  const id = await deliveryIdFor(eventId, hook.body.data.id);
  const at = new Date().toISOString();
  await insertDeliveryStatement(env.DB, {
    id,
    webhookId: hook.body.data.id,
    userId: u.id,
    eventId,
    eventType: "session.completed",
    body: payloadBody("session.completed", at, { session_id: "session_metrics" }),
    status: "pending",
    attempts: 0,
    lastStatusCode: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
  }).run();
  return id;
}

describe("webhook delivery metrics", () => {
  it("a delivery, a failed attempt and a dead letter are each one data point", async () => {
    const u = await registerUser();
    const points: AnalyticsEngineDataPoint[] = [];
    const metricsEnv = { ...env, METRICS: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) } };
    const metrics = metricsOf(metricsEnv);
    const send = { fetcher: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init), timeoutMs: 10_000, metrics };
    const bucket = receiverBucket();
    const ok = await storedDelivery(u, bucket.url("ok"));
    const failing = await storedDelivery(u, bucket.url("status-503"));
    expect(await attemptDelivery(testContext(), { ...send, deliveryId: ok })).toBe("ack");
    expect(await attemptDelivery(testContext(), { ...send, deliveryId: failing })).toBe("retry");
    await markDead(testContext(), { deliveryId: failing, metrics });
    expect(points).toEqual([
      { indexes: ["webhook"], blobs: ["webhook", "delivered"], doubles: [1, expect.any(Number), 200] },
      { indexes: ["webhook"], blobs: ["webhook", "failed"], doubles: [1, expect.any(Number), 503] },
      { indexes: ["webhook"], blobs: ["webhook", "dead_lettered"], doubles: [1, 0, 0] },
    ]);
  });
});
