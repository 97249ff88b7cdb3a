import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../node/receiver";
import { addTestCard, apiClient } from "./support/api";
import { sharedServer } from "./support/shared-server";

// Billing events through the real Queue of `wrangler dev` to a real HTTP receiver on 127.0.0.1.
describe("webhook delivery against wrangler dev", () => {
  const server = sharedServer();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const { call } = apiClient(() => server.url);

  const waitFor = async (bucket: string, count: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const got = (await (await fetch(`${receiver.url}/__received/${bucket}`)).json()) as Array<{
        headers: Record<string, string>;
        body: string;
      }>;
      if (got.length >= count || Date.now() > deadline) return got;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it("a purchase and a test ping arrive signed per Standard Webhooks", async () => {
    const reg = await call("POST", "/v1/auth/register", undefined, {
      email: `hooks.${Date.now()}@example.com`,
      username: "hooks",
      password: "correct-horse-42",
      tier: "basic",
      marketing_consent: false,
    });
    expect(reg.status).toBe(201);
    const token = reg.body.data.token as string;

    const hook = await call("POST", "/v1/webhooks", token, {
      url: `${receiver.url}/e2e/ok`,
      events: ["billing.payment_succeeded"],
    });
    expect(hook.status).toBe(201);
    const verifier = new Webhook(hook.body.data.secret);

    const pm = await addTestCard(call, token);
    expect(pm.status).toBe(201);
    const bought = await call("POST", "/v1/billing/credits/purchase", token, {
      credit_package: "starter",
      payment_method_id: pm.body.data.id,
      quantity: 1,
    });
    expect(bought.status).toBe(201);

    const [paid] = await waitFor("e2e", 1);
    expect(paid).toBeDefined();
    const payload = verifier.verify(paid!.body, paid!.headers) as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe("billing.payment_succeeded");
    expect(payload.data.transaction_id).toBe(bought.body.data.transaction_id);

    const ping = await call("POST", `/v1/webhooks/${hook.body.data.id}/test`, token);
    expect(ping.status).toBe(202);
    const both = await waitFor("e2e", 2);
    const pinged = verifier.verify(both[1]!.body, both[1]!.headers) as { type: string };
    expect(pinged.type).toBe("webhook.test");
    expect(both[1]!.headers["webhook-id"]).toBe(ping.body.data.delivery_id);

    const log = await call("GET", `/v1/webhooks/${hook.body.data.id}/deliveries`, token);
    expect(log.body.data.deliveries.map((d: any) => d.event_type).sort()).toEqual([
      "billing.payment_succeeded",
      "webhook.test",
    ]);
  });
});
