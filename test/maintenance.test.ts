import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { purgeIdempotencyRecords } from "../src/domain/housekeeping/purge";
import worker from "../src/index";
import { testContext } from "./support/context";
import { registerUser } from "./support/factories";

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

describe("the idempotency purge (no expires_at index: a bounded walk of the key from a cursor)", () => {
  it("reads at most its share per run and the next run continues where it stopped, until every expired record is gone", async () => {
    const all = (await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys").first<number>("n")) ?? 0;
    const owner = `user_walk_${crypto.randomUUID().slice(0, 8)}`;
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (let i = 0; i < 30; i++)
      await insertRecord(owner, `k-${String(i).padStart(2, "0")}`, i % 3 === 0 ? future : past);
    const left = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE owner_id = ?")
        .bind(owner)
        .first<number>("n"))!;
    const runs: number[] = [];
    // Each run looks at 10 records (two chunks of 5): a full pass over the table takes several runs.
    for (let run = 0; run < Math.ceil((all + 30) / 10) + 1; run++)
      runs.push(await purgeIdempotencyRecords(testContext(), { scanPerRun: 10, chunk: 5 }));
    expect(Math.max(...runs)).toBeLessThanOrEqual(10);
    expect(await left()).toBe(10);
    const kept = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE owner_id = ? ORDER BY key")
      .bind(owner)
      .all<{ key: string }>();
    expect(kept.results.map((r) => r.key)).toEqual(
      Array.from({ length: 10 }, (_, i) => `k-${String(i * 3).padStart(2, "0")}`),
    );
  });
});

describe("self-registered OAuth clients (docs/mcp.md)", () => {
  it("the cron deletes registrations that expired unused, with their codes, and keeps live ones", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const insert = (id: string, expiresAt: string) =>
      env.DB.prepare(
        "INSERT INTO oauth_registered_clients (id, source, name, redirect_uris, allowed_scopes, created_at, expires_at) VALUES (?1, 'dynamic', 'Agent', '[]', 'profile', ?2, ?3)",
      )
        .bind(id, new Date().toISOString(), expiresAt)
        .run();
    await insert(`dcr_old_${tag}`, new Date(Date.now() - 1000).toISOString());
    await insert(`dcr_live_${tag}`, new Date(Date.now() + 3_600_000).toISOString());
    const user = await registerUser();
    await env.DB.prepare(
      "INSERT INTO oauth_authorization_codes (id, code_hash, client_id, user_id, redirect_uri, scope, family_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, 'http://127.0.0.1/cb', 'profile', 'f', ?5, ?5)",
    )
      .bind(`code_${tag}`, `hash_${tag}`, `dcr_old_${tag}`, user.id, new Date().toISOString())
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await env.DB.prepare("SELECT id FROM oauth_registered_clients WHERE id LIKE ?")
      .bind(`%_${tag}`)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([`dcr_live_${tag}`]);
    const codes = await env.DB.prepare("SELECT COUNT(*) AS n FROM oauth_authorization_codes WHERE client_id = ?")
      .bind(`dcr_old_${tag}`)
      .first<number>("n");
    expect(codes).toBe(0);
  });
});
