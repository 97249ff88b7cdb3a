import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerReference } from "../../../src/db/credits";
import { registerUser } from "../../support/factories";
import { balance, createSession, roomStub, schedulerStub, topUp } from "../../support/sessions";

const ledgerOf = async (sessionId: string) =>
  (
    await env.DB.prepare(
      `SELECT delta, reason FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} = ? ORDER BY created_at, id`,
    )
      .bind(sessionId)
      .all()
  ).results;

describe("parameters.priority", () => {
  it("high costs 1.5 × and skips the queue wait, shown in credits_required and estimated_completion", async () => {
    const u = await registerUser();
    const normal = await createSession(u.token);
    const high = await createSession(u.token, { parameters: { duration: 60, priority: "high" } });
    // remote_viewing 10 + 1 minute = 11; high: ceil(16.5) = 17.
    expect(normal.credits_required).toBe(11);
    expect(high.credits_required).toBe(17);
    // ANALYSIS_TIME_SCALE 0.001: 60 s → 60 ms, of which the normal queue wait is 6 ms.
    const took = (s: { created_at: string; estimated_completion: string }) =>
      Date.parse(s.estimated_completion) - Date.parse(s.created_at);
    expect(took(normal)).toBe(60);
    expect(took(high)).toBe(54);
    expect(await ledgerOf(high.id)).toEqual([{ delta: -17, reason: "session_debit" }]);
    expect(await balance(u.token)).toBe(100 - 11 - 17);
  });

  it("a high session's processing starts at its creation (no queue wait in its schedule)", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await createSession(u.token, { parameters: { duration: 3600, priority: "high" } });
    await schedulerStub(s.id).release(s.id);
    const state = await roomStub(s.id).snapshot();
    expect(state?.init.schedule.stepAt[0]).toBe(Date.parse(s.created_at));
    expect(state?.init.schedule.estimatedCompletion).toBe(Date.parse(s.estimated_completion));
  });
});
