import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { completedSession, heldSession, stepRoom, topUp } from "../support/sessions";
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

/**
 * The migration is applied to a database of its own (MIGRATION_TEST_DB, vitest.config.ts) at the
 * schema before it, holding rows the service made in the pool's DB: later migrations change these
 * tables again (0080 moves an ended session's history and analysis into session_content), so the
 * pool's DB is no longer the state this migration meets.
 */
const db = () => env.MIGRATION_TEST_DB;
const rows = async (table: string) =>
  (await db().prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all<Record<string, unknown>>()).results;
const schema = async () =>
  (
    await db()
      .prepare(
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
    // A session still processing keeps its finished stages as history rows.
    const running = await heldSession(u.token);
    await stepRoom(running.id);
    await stepRoom(running.id);
    const webhook = (await createWebhook(u.token, { url: "https://example.com/hook", events: ["session.completed"] }))
      .body.data;
    await attemptAt(await storedDelivery(u.id, webhook.id));
    await applyD1Migrations(
      db(),
      env.TEST_MIGRATIONS.filter((m) => m.name < "0078_"),
    );
    await copyRows(u.id);
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await rows(t)] as const)));
    for (const t of ["sessions", "session_history", "webhooks", "webhook_deliveries", "webhook_delivery_attempts"])
      expect(before[t]!.length, t).toBeGreaterThan(0);
    const schemaBefore = await schema();

    // Applied to the populated tables (the migration's statements, as one atomic batch).
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_account_tables_without_user_keys.sql"))!;
    await db().batch(migration.queries.map((q) => db().prepare(q)));

    for (const t of TABLES) expect(await rows(t), t).toEqual(before[t]);
    // Every index and trigger as it was; the tables rebuilt (their keys to users gone).
    const schemaAfter = await schema();
    const kept = (all: typeof schemaAfter) => all.filter((s) => s.type !== "table");
    expect(kept(schemaAfter)).toEqual(kept(schemaBefore));
    expect(schemaAfter.map((s) => s.name)).toEqual(schemaBefore.map((s) => s.name));
    const sql = Object.fromEntries(schemaAfter.filter((s) => s.type === "table").map((s) => [s.name, s.sql]));
    for (const t of TABLES) expect(sql[t], t).not.toContain("`users`");
    // The keys within a shard stay: a stage of no session, a delivery of no webhook are refused.
    // (SQLite writes a renamed table's name in double quotes where it rewrites a reference to it.)
    expect(sql.session_history).toContain('REFERENCES "sessions"(`id`)');
    expect(sql.webhook_deliveries).toContain('REFERENCES "webhooks"(`id`)');
    expect(sql.webhook_delivery_attempts).toContain('REFERENCES "webhook_deliveries"(`id`)');
    await expect(
      db()
        .prepare(
          "INSERT INTO session_history (session_id, stage, position, timestamp, confidence, notes) VALUES ('session_none', 's', 0, '', 0, '')",
        )
        .run(),
    ).rejects.toThrow(/FOREIGN KEY constraint failed/);
    // A session whose creator the directory holds elsewhere: accepted, and its rollups still kept by the triggers.
    const stranger = `user_${Date.now()}000999999`;
    const copy = { ...(before.sessions!.find((s) => s.id === session.id) as Record<string, unknown>) };
    copy.id = `session_${Date.now()}000999999`;
    copy.user_id = stranger;
    const columns = Object.keys(copy);
    await db()
      .prepare(`INSERT INTO sessions (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(
        ...columns.map((c) => (typeof copy[c] === "object" && copy[c] !== null ? JSON.stringify(copy[c]) : copy[c])),
      )
      .run();
    const rollup = await db()
      .prepare("SELECT n FROM session_monthly WHERE user_id = ?")
      .bind(stranger)
      .first<{ n: number }>();
    expect(rollup?.n).toBe(1);
    // Cleaned up: the rollup follows the delete (its trigger), the row is gone.
    await db().prepare("DELETE FROM sessions WHERE id = ?").bind(copy.id).run();
    expect(
      (await db().prepare("SELECT n FROM session_monthly WHERE user_id = ?").bind(stranger).first<{ n: number }>())?.n,
    ).toBe(0);
  });
});

/** The user's rows of the migrated tables (and the user, their key's target) from the pool's DB, in the columns the schema before 0078 has. */
async function copyRows(userId: string) {
  const owned: Record<string, string> = {
    users: "id = ?1",
    sessions: "user_id = ?1",
    session_history: "session_id IN (SELECT id FROM sessions WHERE user_id = ?1)",
    webhooks: "user_id = ?1",
    webhook_deliveries: "webhook_id IN (SELECT id FROM webhooks WHERE user_id = ?1)",
    webhook_delivery_attempts:
      "delivery_id IN (SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.user_id = ?1)",
    api_usage_daily: "user_id = ?1",
  };
  for (const [table, where] of Object.entries(owned)) {
    const columns = (
      await db().prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{ name: string }>()
    ).results.map((c) => c.name);
    const found = (
      await env.DB.prepare(`SELECT ${columns.join(", ")} FROM ${table} WHERE ${where}`)
        .bind(userId)
        .raw()
    ).map((r) => r as unknown[]);
    for (const values of found)
      await db()
        .prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
        .bind(...values)
        .run();
  }
}
