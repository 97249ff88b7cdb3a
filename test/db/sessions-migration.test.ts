import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountIdOf } from "../support/billing";
import { registerUser } from "../support/factories";
import { api } from "../support/http";
import { completedSession, heldSession, topUp } from "../support/sessions";

const all = async (sql: string) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results;
const snapshot = async () => ({
  sessions: await all("SELECT * FROM sessions ORDER BY id"),
  history: await all("SELECT * FROM session_history ORDER BY session_id, stage"),
  counts: await all("SELECT * FROM session_counts ORDER BY user_id, session_type, status"),
  daily: await all("SELECT * FROM session_daily ORDER BY user_id, day"),
  monthly: await all("SELECT * FROM session_monthly ORDER BY user_id, month"),
  accounts: await all("SELECT id, active_sessions FROM billing_accounts ORDER BY id"),
});

describe("migration sessions_without_rowid_data", () => {
  it("rebuilds sessions WITHOUT ROWID keeping every row, the history, indexes and triggers", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 2_000);
    const held = await heldSession(u.token);
    const done = await completedSession(u.token);
    const cancelled = await heldSession(u.token);
    expect((await api("DELETE", `/v1/sessions/${cancelled.id}`, { token: u.token })).status).toBe(200);
    const before = await snapshot();
    const objects = async () =>
      (
        await all(
          "SELECT type, name FROM sqlite_master WHERE tbl_name IN ('sessions', 'session_history') AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name",
        )
      ).map((r) => `${r.type} ${r.name}`);
    const objectsBefore = await objects();

    // Applied again to populated tables (the migration's own statements, as one atomic batch). It
    // recreates the triggers and indexes as they were when it was written; later migrations changed
    // some (session_counts_ended_data), so the current definitions are put back after it.
    const current = (
      await all(
        "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'sessions' AND type IN ('trigger', 'index') AND sql IS NOT NULL",
      )
    ).map((r) => ({ type: String(r.type), name: String(r.name), sql: String(r.sql) }));
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_sessions_without_rowid_data.sql"))!;
    await env.DB.batch([
      ...migration.queries.map((q) => env.DB.prepare(q)),
      ...current.flatMap((o) => [
        env.DB.prepare(`DROP ${o.type === "trigger" ? "TRIGGER" : "INDEX"} IF EXISTS ${o.name}`),
        env.DB.prepare(o.sql),
      ]),
    ]);

    expect(await snapshot()).toEqual(before);
    expect(await objects()).toEqual(objectsBefore);
    const [table] = await all("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'sessions'");
    expect(String(table!.sql)).toMatch(/WITHOUT ROWID\s*$/);
    expect(before.history.filter((h) => h.session_id === done.id)).toHaveLength(3);

    // The triggers still keep the rollups and the account's counter; the history still cascades.
    const accountId = await accountIdOf(u.id);
    const active = async () =>
      (await env.DB.prepare("SELECT active_sessions AS n FROM billing_accounts WHERE id = ?")
        .bind(accountId)
        .first<{ n: number }>())!.n;
    expect(await active()).toBe(1);
    expect((await api("DELETE", `/v1/sessions/${held.id}`, { token: u.token })).status).toBe(200);
    expect(await active()).toBe(0);
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(done.id).run();
    expect(await all(`SELECT 1 FROM session_history WHERE session_id = '${done.id}'`)).toEqual([]);
  });
});
