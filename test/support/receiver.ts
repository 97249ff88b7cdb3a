import { inject } from "vitest";

/** Client side of the real receiver started by test/node/receiver-global-setup.ts. */
export interface ReceivedRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

/** A fresh bucket per test: the receiver's URL for it in a given mode (ok, status-500, redirect, slow-<ms>). */
export function receiverBucket() {
  const name = `b${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  return { name, url: (mode = "ok") => `${inject("receiverUrl")}/${name}/${mode}` };
}

export async function received(bucket: string): Promise<ReceivedRequest[]> {
  return (await fetch(`${inject("receiverUrl")}/__received/${bucket}`)).json();
}

export async function waitForReceived(bucket: string, count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await received(bucket);
    if (got.length >= count || Date.now() > deadline) return got;
    await new Promise((r) => setTimeout(r, 100));
  }
}
