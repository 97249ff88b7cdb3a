import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { completedSession, topUp } from "../support/sessions";
import { attemptAt, storedDelivery } from "../support/webhook-consumer";
import { createWebhook } from "../support/webhooks";

const TABLES = [
  "sessions",
  "session_history",
  "webhooks",
  "webhook_deliveries",
  "webhook_delivery_attempts",
  "api_usage_daily",
  "api_usage_monthly",
];

const rows = async (table: string) =>
  (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all<Record<string, unknown>>()).results;
const schema = async () =>
  (
    await env.DB.prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name IN (${TABLES.map(() => "?").join(", ")}) ORDER BY name`,
    )
      .bind(...TABLES)
      .all<{ type: string; name: string; tbl_name: string; sql: string }>()
  ).results;

describe("migration account_tables_without_user_keys", () => {
  it("rebuilds the account tables without their keys to users, keeping every row, index, trigger and the keys among them", async () => {
    const u = await registerUser();
    await topUp(u.id, 500);
    const session = await completedSession(u.token);
    const webhook = (await createWebhook(u.token, { url: "https://example.com/hook", events: ["session.completed"] }))
      .body.data;
    await attemptAt(await storedDelivery(u.id, webhook.id));
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rows(t)] as const)));
    for (const t of ["sessions", "session_history", "webhooks", "webhook_deliveries", "webhook_delivery_attempts"])
      expect(before[t]!.length, t).toBeGreaterThan(0);
    const schemaBefore = await schema();

    // Applied again to the populated tables (the migration's statements, as one atomic batch).
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_account_tables_without_user_keys.sql"))!;
    await env.DB.batch(migration.queries.map((q) => env.DB.prepare(q)));

    for (const t of TABLES) expect(await rows(t), t).toEqual(before[t]);
    expect(await schema()).toEqual(schemaBefore);
    const sql = Object.fromEntries(schemaBefore.filter((s) => s.type === "table").map((s) => [s.name, s.sql]));
    for (const t of TABLES) expect(sql[t], t).not.toContain("`users`");
    // The keys within a shard stay: a stage of no session, a delivery of no webhook are refused.
    // (SQLite writes a renamed table's name in double quotes where it rewrites a reference to it.)
    expect(sql.session_history).toContain('REFERENCES "sessions"(`id`)');
    expect(sql.webhook_deliveries).toContain('REFERENCES "webhooks"(`id`)');
    expect(sql.webhook_delivery_attempts).toContain('REFERENCES "webhook_deliveries"(`id`)');
    await expect(
      env.DB.prepare(
        "INSERT INTO session_history (session_id, stage, position, timestamp, confidence, notes) VALUES ('session_none', 's', 0, '', 0, '')",
      ).run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
    // A session whose creator the directory holds elsewhere: accepted, and its rollups still kept by the triggers.
    const stranger = `user_${Date.now()}000999999`;
    const copy = { ...(before.sessions!.find((s) => s.id === session.id) as Record<string, unknown>) };
    copy.id = `session_${Date.now()}000999999`;
    copy.user_id = stranger;
    const columns = Object.keys(copy);
    await env.DB.prepare(`INSERT INTO sessions (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(
        ...columns.map((c) => (typeof copy[c] === "object" && copy[c] !== null ? JSON.stringify(copy[c]) : copy[c])),
      )
      .run();
    const rollup = await env.DB.prepare("SELECT n FROM session_monthly WHERE user_id = ?")
      .bind(stranger)
      .first<{ n: number }>();
    expect(rollup?.n).toBe(1);
    // Cleaned up: the rollup follows the delete (its trigger), the row is gone.
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(copy.id).run();
    expect(
      (await env.DB.prepare("SELECT n FROM session_monthly WHERE user_id = ?").bind(stranger).first<{ n: number }>())
        ?.n,
    ).toBe(0);
  });
});
