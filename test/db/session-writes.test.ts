import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountIdOf } from "../support/billing";
import { type D1Usage, meteredD1 } from "../support/d1-meter";
import { registerUser } from "../support/factories";
import { apiWithEnv } from "../support/http";
import { topUp } from "../support/sessions";

/**
 * What a session's creation writes, in D1's own rows_written (each index
 * entry counts as a row): the figure npm run bench reports, pinned here so an
 * index or trigger added later shows up as a failing test rather than a
 * slower bench. Personal session, warm rollup rows (not the owner's first
 * session of the month):
 *   billing_accounts debit: the row, with the balance and active_sessions
 *     (updated_at, which is indexed, is not rewritten)      1
 *   credit_ledger (WITHOUT ROWID, keyed (account, created_at, id)): the row;
 *     a debit has no (reason, reference) entry (that index is partial)   1
 *   sessions: the row, its id and its user_type_status_created entry (one
 *     index serves the list in creation order, filtered or not; the
 *     completed_at and confidence indexes are partial: none until it ends;
 *     the cap counts in the account row)   3
 *   rollups (triggers): session_monthly, whose per-day arrays replace the
 *     daily rows; session_counts keeps ended sessions only, so a pending one
 *     writes none there   1
 *   the account's updated_at, refreshed only when older than a minute   0
 */
const PERSONAL_CREATION_ROWS_WRITTEN = 6;

async function metered(token: string, idempotencyKey?: string) {
  const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0, statements: [] };
  const res = await apiWithEnv({ DB: meteredD1(env.DB, usage) }, "POST", "/v1/sessions", {
    token,
    body: { cue: "Count the writes", session_type: "dowsing", parameters: { duration: 30 } },
    headers: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {},
  });
  expect(res.status).toBe(201);
  // The creation itself: the debit, the ledger row and the session (rollups by trigger), one batch.
  const creation = usage.statements!.filter((s) =>
    /billing_accounts SET (balance|updated_at)|INTO credit_ledger|into "sessions"|INTO idempotency_keys/i.test(s.sql),
  );
  return Object.assign(creation, { requestRowsWritten: usage.rowsWritten });
}

describe("session creation writes", () => {
  it(`a personal session writes ${PERSONAL_CREATION_ROWS_WRITTEN} D1 rows, index entries and rollups included`, async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 1_000);
    await metered(u.token); // the owner's first session this month also creates its rollup row
    const statements = await metered(u.token);
    expect(statements.map((s) => s.rowsWritten)).toEqual([1, 1, 4, 0]);
    expect(statements.reduce((n, s) => n + s.rowsWritten, 0)).toBe(PERSONAL_CREATION_ROWS_WRITTEN);
  });

  it(`with an Idempotency-Key, ${PERSONAL_CREATION_ROWS_WRITTEN + 1} rows: the record is one row, in the same batch; the request writes nothing else`, async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 1_000);
    await metered(u.token, "warm-the-rollups");
    const statements = await metered(u.token, "count-the-writes");
    // The record closes the creation's commit (the use case lists it last), after the balance read.
    expect(statements.map((s) => s.rowsWritten)).toEqual([1, 1, 4, 0, 1]);
    expect(statements.requestRowsWritten).toBe(PERSONAL_CREATION_ROWS_WRITTEN + 1);
  });

  it("a debit refreshes the account's updated_at only when it is over a minute old, so the integrity check still walks it", async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 1_000);
    const accountId = await accountIdOf(u.id);
    const stale = new Date(Date.now() - 3_600_000).toISOString();
    await env.DB.prepare("UPDATE billing_accounts SET updated_at = ? WHERE id = ?").bind(stale, accountId).run();
    const statements = await metered(u.token);
    expect(statements.at(-1)).toMatchObject({ rowsWritten: 2 }); // the row and its updated_at index entry
    const row = await env.DB.prepare("SELECT updated_at FROM billing_accounts WHERE id = ?")
      .bind(accountId)
      .first<{ updated_at: string }>();
    expect(Date.parse(row!.updated_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("the organization indexes hold organizations' sessions only, and their queries still use them", async () => {
    const indexes = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN ('sessions_org_created_idx', 'sessions_org_active_idx')",
    ).all<{ name: string; sql: string }>();
    expect(indexes.results).toHaveLength(2);
    for (const i of indexes.results) expect(i.sql).toContain('"organization_id" IS NOT NULL');
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN SELECT 1 FROM sessions WHERE organization_id = ? AND status IN ('pending', 'processing') LIMIT 1",
    )
      .bind("org_1")
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toMatch(/USING (COVERING )?INDEX sessions_org_active_idx/);
  });
});
