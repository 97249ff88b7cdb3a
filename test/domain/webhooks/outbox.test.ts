import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { addCard, CARDS, purchase } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { apiWithEnv } from "../../support/http";
import { receiverBucket, waitForReceived } from "../../support/receiver";
import { createWebhook, STRONG_SECRET } from "../../support/webhooks";

const queueDown = {
  send: () => Promise.reject(new Error("queue down")),
  sendBatch: () => Promise.reject(new Error("queue down")),
};

const purchaseWhileQueueDown = (token: string, paymentMethodId: string) =>
  apiWithEnv({ WEBHOOK_QUEUE: queueDown }, "POST", "/v1/billing/credits/purchase", {
    token,
    body: { credit_package: "starter", payment_method_id: paymentMethodId, quantity: 1 },
  });

const outboxRow = (txnId: string) =>
  env.DB.prepare(
    "SELECT event_id, sent_at, message FROM event_outbox WHERE json_extract(message, '$.data.transaction_id') = ?",
  )
    .bind(txnId)
    .first<{ event_id: string; sent_at: string | null; message: string }>();

describe("billing.payment_succeeded through the outbox", () => {
  it("a normal purchase commits its event with the purchase and marks it sent", async () => {
    const u = await registerUser();
    const res = await purchase(u.token, {
      credit_package: "starter",
      payment_method_id: await addCard(u.token),
      quantity: 1,
    });
    expect(res.status).toBe(201);
    const row = await outboxRow(res.body.data.transaction_id);
    expect(row?.sent_at).not.toBeNull();
    expect(JSON.parse(row!.message)).toMatchObject({
      kind: "event",
      type: "billing.payment_succeeded",
      user_id: u.id,
      data: { transaction_id: res.body.data.transaction_id, new_balance: res.body.data.new_balance },
    });
  });

  it("a queue outage does not fail the purchase or lose its event: the cron sweeper sends it", async () => {
    const u = await registerUser();
    const bucket = receiverBucket();
    await createWebhook(u.token, {
      url: bucket.url("ok"),
      events: ["billing.payment_succeeded"],
      secret: STRONG_SECRET,
    });
    const res = await purchaseWhileQueueDown(u.token, await addCard(u.token));
    expect(res.status).toBe(201);
    const txn = res.body.data.transaction_id;
    expect((await outboxRow(txn))?.sent_at).toBeNull();

    // Old enough for the sweeper (it leaves events a request may still be sending).
    await env.DB.prepare("UPDATE event_outbox SET created_at = ? WHERE event_id = ?")
      .bind(new Date(Date.now() - 120_000).toISOString(), (await outboxRow(txn))!.event_id)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await outboxRow(txn))?.sent_at).not.toBeNull();

    const got = await waitForReceived(bucket.name, 1);
    expect(got).toHaveLength(1);
    const payload = JSON.parse(got[0]!.body);
    expect(payload.type).toBe("billing.payment_succeeded");
    expect(payload.data).toMatchObject({ transaction_id: txn, new_balance: res.body.data.new_balance });
  });

  it("a declined purchase writes no event", async () => {
    const u = await registerUser();
    const res = await purchase(u.token, {
      credit_package: "starter",
      payment_method_id: await addCard(u.token, CARDS.declined),
      quantity: 1,
    });
    expect(res.status).toBe(402);
    expect(await outboxRow(res.body.error.details.transaction_id)).toBeNull();
  });
});
