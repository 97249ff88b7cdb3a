import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { activeSessionIdsReachableBy } from "../../src/db/organization-sessions";
import { ANY_SESSION_TYPE } from "../../src/db/sessions";
import { accountIdOf } from "../support/billing";
import { registerUser } from "../support/factories";
import { api } from "../support/http";
import { completedSession, heldSession, topUp } from "../support/sessions";

/** billing_accounts.active_sessions, the concurrency cap's count, against the sessions themselves. */
async function counterAndDirect(accountId: string) {
  const row = await env.DB.prepare(
    `SELECT active_sessions AS counter,
            (SELECT COUNT(*) FROM sessions WHERE account_id = ?1 AND status IN ('pending', 'processing')) AS direct
       FROM billing_accounts WHERE id = ?1`,
  )
    .bind(accountId)
    .first<{ counter: number; direct: number }>();
  return row!;
}

const plan = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>()
  ).results
    .map((r) => r.detail)
    .join("\n");

describe("billing_accounts.active_sessions", () => {
  it("rises with each paid creation and falls when a session completes, is cancelled or is deleted", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 2_000);
    const accountId = await accountIdOf(u.id);
    const held = [await heldSession(u.token), await heldSession(u.token), await heldSession(u.token)];
    expect(await counterAndDirect(accountId)).toEqual({ counter: 3, direct: 3 });
    await completedSession(u.token);
    expect(await counterAndDirect(accountId)).toEqual({ counter: 3, direct: 3 });
    expect((await api("DELETE", `/v1/sessions/${held[0]!.id}`, { token: u.token })).status).toBe(200);
    expect(await counterAndDirect(accountId)).toEqual({ counter: 2, direct: 2 });
    await env.DB.prepare("DELETE FROM sessions WHERE id = ?").bind(held[1]!.id).run();
    expect(await counterAndDirect(accountId)).toEqual({ counter: 1, direct: 1 });
  });

  it("the migration's backfill sets each account's count from its sessions", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 2_000);
    const accountId = await accountIdOf(u.id);
    await heldSession(u.token);
    await heldSession(u.token);
    await env.DB.prepare("UPDATE billing_accounts SET active_sessions = 0 WHERE id = ?").bind(accountId).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_active_sessions_data.sql"))!;
    const backfill = migration.queries.find((q) => q.startsWith("UPDATE billing_accounts SET active_sessions"))!;
    await env.DB.prepare(backfill).run();
    expect(await counterAndDirect(accountId)).toEqual({ counter: 2, direct: 2 });
  });

  it("the reads of active sessions by owner use indexes, never a scan of sessions", async () => {
    for (const detail of [
      await plan(
        `SELECT MIN(estimated_completion) FROM sessions WHERE user_id = ?1 AND ${ANY_SESSION_TYPE} AND status IN ('pending', 'processing') AND organization_id IS NULL`,
        "user_1",
      ),
      await plan(
        "SELECT MIN(estimated_completion) FROM sessions WHERE organization_id = ?1 AND status IN ('pending', 'processing')",
        "org_1",
      ),
    ]) {
      // A person's: one seek per (type, status) pair, every type named (ANY_SESSION_TYPE).
      expect(detail).toMatch(
        /USING INDEX (sessions_user_type_status_created_idx \(user_id=\? AND session_type=\? AND status=\?\)|sessions_org_active_idx)/,
      );
      expect(detail).not.toMatch(/SCAN sessions(?! USING)/);
    }
    const u = await registerUser();
    const s = await heldSession(u.token);
    expect(await activeSessionIdsReachableBy(env.DB, u.id)).toEqual([s.id]);
  });
});
