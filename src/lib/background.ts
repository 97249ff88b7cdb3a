import type { Context } from "hono";

/** Run `work` after the response is sent when the runtime allows it (waitUntil), else inline. */
export async function afterResponse(c: Context, work: Promise<unknown>): Promise<void> {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    ctx = undefined; // no execution context (app.request in unit tests)
  }
  if (ctx) ctx.waitUntil(work);
  else await work;
}
