import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bindings } from "../../src/bindings";
import { deliveryMessage } from "../../src/domain/webhooks/deliveries";
import { handleWebhookBatch } from "../../src/webhook-delivery/consumer";
import { registerUser, type TestUser } from "../support/factories";
import { api } from "../support/http";
import { receiverBucket } from "../support/receiver";
import { storedDelivery, WEBHOOK_QUEUE } from "../support/webhook-consumer";
import { createWebhook } from "../support/webhooks";

/** One attempt of a stored delivery to `url`, with the receiver timeout given; the log's entry for it. */
// Far beyond a loaded machine's local receiver, so only the slow receiver's case meets its timeout.
async function attemptTo(u: TestUser, url: string, timeoutMs = 10_000) {
  const created = await createWebhook(u.token, { url });
  expect(created.status).toBe(201);
  const id = await storedDelivery(u.id, created.body.data.id);
  const batch = createMessageBatch(WEBHOOK_QUEUE, [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: deliveryMessage(id) },
  ]);
  await handleWebhookBatch(batch, env as unknown as Bindings, {
    fetcher: (i, init) => fetch(i, init),
    timeoutMs,
    now: Date.now,
  });
  await getQueueResult(batch, createExecutionContext());
  const log = await api("GET", `/v1/webhooks/${created.body.data.id}/deliveries`, { token: u.token });
  return { id, delivery: log.body.data.deliveries[0] };
}

afterEach(() => vi.restoreAllMocks());

describe("delivery errors a person can read", () => {
  it.each([
    ["a closed port", () => "http://127.0.0.1:1/hook", 10_000, "connection refused or reset"],
    ["a slow receiver", () => receiverBucket().url("slow-3000"), 1_000, "timed out after 1 s"],
    ["a 500", () => receiverBucket().url("status-500"), 10_000, "HTTP 500"],
    ["a redirect", () => receiverBucket().url("redirect"), 10_000, "redirect not followed (HTTP 302)"],
  ])("%s is logged and returned as it reads", async (_name, url, timeoutMs, error) => {
    const u = await registerUser();
    const { delivery } = await attemptTo(u, url(), timeoutMs);
    expect(delivery).toMatchObject({ status: "retrying", last_error: error });
    expect(delivery.attempt_log[0]).toMatchObject({ attempt: 1, error });
  });

  it("the development log has one line per failed attempt, without a stack trace", async () => {
    const u = await registerUser();
    const lines: string[] = [];
    for (const method of ["log", "error", "warn", "info"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    const { id } = await attemptTo(u, "http://127.0.0.1:1/hook");
    const about = lines.filter((l) => l.includes(id));
    expect(about).toHaveLength(1);
    expect(JSON.parse(about[0]!)).toMatchObject({
      msg: "webhook.attempt_failed",
      delivery_id: id,
      attempt: 1,
      error: "connection refused or reset",
    });
    expect(lines.join("\n")).not.toMatch(/\n\s+at /);
  });
});
