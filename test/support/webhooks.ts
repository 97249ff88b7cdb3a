import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createApp } from "../../src/app";
import { type ApiResponse, api, BASE } from "./http";
import { type ReceivedRequest, received } from "./receiver";

export const STRONG_SECRET = "a-Very-strong-shared-secret-0123456789";

export function createWebhook(token: string, body: Record<string, unknown>) {
  return api("POST", "/v1/webhooks", { token, body: { events: ["session.completed"], ...body } });
}

/**
 * The app with WEBHOOK_ALLOW_PRIVATE_URLS="false", as staging and production
 * run it (the pool's own bindings allow 127.0.0.1 so the consumer can reach
 * the test receiver).
 */
export async function strictApi(method: string, path: string, token: string, body?: unknown): Promise<ApiResponse> {
  const res = await createApp().request(
    `${BASE}${path}`,
    {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "false" },
    createExecutionContext(),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/**
 * What the webhook's receiver bucket got from everything queued before this call — the signal a
 * "nothing more was sent" check waits on, instead of a pause that a slow machine outlasts. A test ping
 * goes through the same queue after it: the queue hands messages over in the order they were sent, a
 * batch at a time, and the consumer delivers a batch's messages one by one
 * (src/webhook-delivery/consumer.ts), so once the ping has arrived nothing sent earlier is still on its
 * way. The ping is left out of the answer.
 */
export async function receivedBeforePing(token: string, webhookId: string, bucket: string, timeoutMs = 10_000) {
  const ping = await api("POST", `/v1/webhooks/${webhookId}/test`, { token });
  if (ping.status !== 202) throw new Error(`test ping: ${ping.status} ${ping.text}`);
  const pingId: string = ping.body.data.delivery_id;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got: ReceivedRequest[] = await received(bucket);
    if (got.some((r) => r.headers["webhook-id"] === pingId))
      return got.filter((r) => r.headers["webhook-id"] !== pingId);
    if (Date.now() > deadline) throw new Error(`the test ping ${pingId} did not arrive in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
