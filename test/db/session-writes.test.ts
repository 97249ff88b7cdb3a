import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type D1Usage, meteredD1 } from "../../src/bench/d1-meter";
import { registerUser } from "../support/factories";
import { apiWithEnv } from "../support/http";
import { topUp } from "../support/sessions";

/**
 * What a session's creation writes, in D1's own rows_written (each index
 * entry counts as a row): the figure npm run bench reports, pinned here so an
 * index or trigger added later shows up as a failing test rather than a
 * slower bench. Personal session, warm rollup rows (not the owner's first
 * session of the day):
 *   billing_accounts debit: the row + its updated_at index entry      2
 *   credit_ledger: the row, its id, (reason, reference) and (account, created_at) entries   4
 *   sessions: the row, its id, 5 user_* index entries, sessions_active_idx   8
 *   rollups (triggers): session_counts, session_daily, session_monthly   3
 */
const PERSONAL_CREATION_ROWS_WRITTEN = 17;

async function metered(token: string) {
  const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0, statements: [] };
  const res = await apiWithEnv({ DB: meteredD1(env.DB, usage) }, "POST", "/v1/sessions", {
    token,
    body: { cue: "Count the writes", session_type: "dowsing", parameters: { duration: 30 } },
  });
  expect(res.status).toBe(201);
  // The creation itself: the debit, the ledger row and the session (rollups by trigger), one batch.
  return usage.statements!.filter((s) =>
    /billing_accounts SET balance|INTO credit_ledger|into "sessions"/i.test(s.sql),
  );
}

describe("session creation writes", () => {
  it(`a personal session writes ${PERSONAL_CREATION_ROWS_WRITTEN} D1 rows, index entries and rollups included`, async () => {
    const u = await registerUser({ tier: "enterprise" });
    await topUp(u.id, 1_000);
    await metered(u.token); // the owner's first session today also creates its rollup rows
    const statements = await metered(u.token);
    expect(statements.map((s) => s.rowsWritten)).toEqual([2, 4, 11]);
    expect(statements.reduce((n, s) => n + s.rowsWritten, 0)).toBe(PERSONAL_CREATION_ROWS_WRITTEN);
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
    expect(plan.results.map((r) => r.detail).join("\n")).toContain("USING INDEX sessions_org_active_idx");
  });
});
