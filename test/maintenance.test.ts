import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../src/index";

const insertRecord = (owner: string, key: string, expiresAt: string) =>
  env.DB.prepare(
    "INSERT INTO idempotency_keys (owner_id, key, request_hash, status, created_at, locked_until, expires_at) VALUES (?1, ?2, 'h', 'completed', ?3, ?3, ?4)",
  )
    .bind(owner, key, new Date().toISOString(), expiresAt)
    .run();

describe("scheduled maintenance (cron)", () => {
  it("deletes expired idempotency records, in batches, and keeps live ones", async () => {
    const owner = `user_maint_${crypto.randomUUID().slice(0, 8)}`;
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    // More than one batch of 100, so the run must loop.
    for (let i = 0; i < 250; i++) await insertRecord(owner, `old-${i}`, past);
    await insertRecord(owner, "live", future);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE owner_id = ?")
      .bind(owner)
      .all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(["live"]);
  });
});
