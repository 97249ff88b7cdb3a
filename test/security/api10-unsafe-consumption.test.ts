import { describe, expect, it } from "vitest";
import { sendSigned } from "../../src/webhook-delivery/send";

/**
 * API10:2023 Unsafe Consumption of APIs.
 * The service consumes one third party: webhook receivers (the payment
 * processor is simulated in-process). A receiver is untrusted.
 * Attacks by a hostile receiver: an endless or huge response body, a
 * response that never ends, a redirect to an internal address, a response
 * that tries to inject content into our logs.
 * Expected: the body is never read (cancelled unread); the wait is bounded
 * by the timeout; redirects are not followed (one request, `redirect:
 * "manual"`, the attempt fails); what we record is the status code and a
 * bounded error string, never the receiver's content. End to end with a real
 * receiver (slow, redirect, 500): test/webhook-delivery/consumer.test.ts.
 */
const base = {
  url: "https://hooks.example.com/x",
  keys: [new Uint8Array(32)],
  msgId: "dlv_1",
  body: "{}",
  now: Date.now(),
};

describe("API10 unsafe consumption: hostile webhook receivers", () => {
  it("an endless response body is not read: the attempt ends at once and the stream is cancelled", async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(65));
      },
      cancel() {
        cancelled = true;
      },
    });
    // Reading the body would last until the timeout and end the attempt "timed out": `ok` says it did not.
    const out = await sendSigned({
      ...base,
      timeoutMs: 10_000,
      fetcher: async () => new Response(endless, { status: 200 }),
    });
    expect(out).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(2);
  });

  it("a receiver that never answers is cut off by the timeout", async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
    // The fetch answers only when aborted: that the attempt returned at all is the timeout's doing.
    const out = await sendSigned({ ...base, timeoutMs: 150, fetcher: hang });
    expect(out).toMatchObject({ ok: false, statusCode: null, error: "timed out after 150 ms" });
  });

  it("a redirect to the metadata address is not followed and fails the attempt", async () => {
    const calls: Array<{ url: string; redirect?: string }> = [];
    const fetcher: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), redirect: init?.redirect });
      return new Response(null, { status: 307, headers: { location: "http://169.254.169.254/latest/meta-data/" } });
    };
    const out = await sendSigned({ ...base, timeoutMs: 1_000, fetcher });
    expect(calls).toEqual([{ url: base.url, redirect: "manual" }]);
    expect(out).toMatchObject({ ok: false, statusCode: 307, error: "redirect not followed (HTTP 307)" });
  });

  it("a 2xx body pretending to be an instruction is ignored; only 2xx vs not decides", async () => {
    const out = await sendSigned({
      ...base,
      timeoutMs: 1_000,
      fetcher: async () =>
        new Response(JSON.stringify({ unsubscribe: true, redirect_to: "http://127.0.0.1/" }), { status: 202 }),
    });
    expect(out).toEqual({ ok: true, statusCode: 202, durationMs: expect.any(Number), error: null });
  });

  it("a receiver's network error text is bounded before it is stored", async () => {
    const out = await sendSigned({
      ...base,
      timeoutMs: 1_000,
      fetcher: async () => Promise.reject(new Error(`boom ${"x".repeat(10_000)}\ninjected log line`)),
    });
    expect(out.ok).toBe(false);
    expect(out.error!.length).toBeLessThanOrEqual(300);
  });
});
