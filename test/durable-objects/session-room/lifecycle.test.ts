import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../../src/bindings";
import { ledgerReference } from "../../../src/db/credits";
import { createSession as createSessionDirect } from "../../../src/domain/sessions/create";
import { userTestContext } from "../../support/context";
import { registerUser } from "../../support/factories";
import { unreachableScheduler } from "../../support/faults";
import { api } from "../../support/http";
import {
  balance,
  createSession,
  getSession,
  heldSession,
  roomStub,
  stepRoom,
  waitForStatus,
} from "../../support/sessions";

const STAGES = ["initial_processing", "deep_analysis", "final_validation"];

describe("a session's life", () => {
  it("runs to completed on its own, with history in order and results present", async () => {
    const u = await registerUser();
    const created = await createSession(u.token);
    const done = await waitForStatus(u.token, created.id, ["completed"]);
    expect(done.started_at).not.toBeNull();
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(Date.parse(done.started_at));
    expect(done.credits_used).toBe(created.credits_required);
    expect(done.confidence_score).toBeGreaterThan(0);
    expect(done.confidence_score).toBeLessThanOrEqual(1);
    expect(done.results.summary).toContain("Describe the target location");
    expect(done.results.coordinates).toEqual({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      accuracy_radius: expect.any(Number),
    });
    expect(done.results.analysis_types).toEqual(["visual"]);
    for (const v of done.results.visual_data) expect(v.confidence).toBeGreaterThanOrEqual(0.5);
    expect(done.duration).toBeGreaterThanOrEqual(0);

    const history = (await api("GET", `/v1/sessions/${created.id}/analysis/history`, { token: u.token })).body.data
      .analysis_history;
    expect(history.map((h: any) => h.stage)).toEqual(STAGES);
    const times = history.map((h: any) => Date.parse(h.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const analysis = (await api("GET", `/v1/sessions/${created.id}/analysis`, { token: u.token })).body.data;
    expect(analysis).toMatchObject({
      session_id: created.id,
      status: "completed",
      confidence_score: done.confidence_score,
      completed_at: done.completed_at,
    });
    expect(analysis.analysis_id).toMatch(/^analysis_\d+$/);
    expect(analysis.results.key_findings.every((f: any) => ["location", "condition"].includes(f.type))).toBe(true);
    expect(analysis.results.detailed_analysis.spatial_data.coordinates).toEqual(done.results.coordinates);
    expect(analysis.results.recommendations.length).toBeGreaterThan(0);
    expect(analysis.metadata).toMatchObject({ analysis_duration: 60, model_version: "deterministic-1.0" });
    expect(await balance(u.token)).toBe(100 - created.credits_required);
  });

  it("a repeated alarm changes nothing", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const stub = roomStub(s.id);
    const snapshotDb = async () => ({
      session: await env.DB.prepare(
        "SELECT status, stage, started_at, completed_at, confidence_score, results, credits_used, credits_refunded, content_id FROM sessions WHERE id = ?",
      )
        .bind(s.id)
        .first(),
      history: (
        await api("GET", `/v1/sessions/${s.id}/analysis/history`, { token: u.token })
      ).body.data.analysis_history.map(({ stage, timestamp, confidence }: Record<string, unknown>) => ({
        stage,
        timestamp,
        confidence,
      })),
      // One content row per session, the one its row points at; the history rows go with the end.
      content: await env.DB.prepare(
        "SELECT (SELECT COUNT(*) FROM session_content WHERE id = s.content_id) AS pointed, (SELECT COUNT(*) FROM session_history WHERE session_id = s.id) AS rows FROM sessions s WHERE s.id = ?",
      )
        .bind(s.id)
        .first(),
      ledger: (
        await env.DB.prepare(`SELECT delta, reason FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} = ?`)
          .bind(s.id)
          .all()
      ).results,
      credits: await balance(u.token),
    });
    // Each step is re-run from the room state it started with, as if the alarm
    // had been delivered again after the step's writes but before it was recorded.
    for (let step = 0; step < 4; step++) {
      const before = await runInDurableObject(stub, (_r, state) => state.storage.get("state"));
      await stepRoom(s.id);
      const after = await snapshotDb();
      await runInDurableObject(stub, async (_r, state) => {
        await state.storage.put("state", before);
        await state.storage.setAlarm(Date.now() + 3_600_000);
      });
      await stepRoom(s.id);
      expect(await snapshotDb()).toEqual(after);
    }
    const final = await snapshotDb();
    expect(final.session?.status).toBe("completed");
    expect(final.history).toHaveLength(3);
    expect(final.content).toEqual({ pointed: 1, rows: 0 });
    expect(final.ledger).toEqual([{ delta: -s.credits_required, reason: "session_debit" }]);
    // And once ended, an alarm is a no-op.
    await runInDurableObject(stub, (room) => room.alarm());
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    expect(await snapshotDb()).toEqual(final);
  });

  it("fails when the analyzer fails, refunds through the ledger, once", async () => {
    const u = await registerUser();
    const s = await createSession(u.token, { cue: "Where is it? [[fail:deep_analysis]]" });
    const failed = await waitForStatus(u.token, s.id, ["failed"]);
    expect(failed.error).toEqual({ code: "AI_MODEL_ERROR" });
    expect(failed.credits_used).toBe(0);
    expect(failed.credits_refunded).toBe(s.credits_required);
    expect(failed.results).toBeNull();
    expect(failed.completed_at).not.toBeNull();
    expect(await balance(u.token)).toBe(100);
    const history = (await api("GET", `/v1/sessions/${s.id}/analysis/history`, { token: u.token })).body.data
      .analysis_history;
    expect(history.map((h: any) => h.stage)).toEqual(["initial_processing", "deep_analysis"]);
    expect(history[1].confidence).toBe(0);
    expect(history[1].notes).toContain("AI_MODEL_ERROR");
    const ledger = await env.DB.prepare(
      `SELECT delta, reason FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} = ? ORDER BY created_at, delta`,
    )
      .bind(s.id)
      .all();
    expect(ledger.results).toEqual([
      { delta: -s.credits_required, reason: "session_debit" },
      { delta: s.credits_required, reason: "session_refund" },
    ]);
  });

  it("fails a session whose deadline has passed, refunded", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    await runInDurableObject(roomStub(s.id), async (_r, state) => {
      const st = (await state.storage.get<any>("state"))!;
      st.init.schedule.deadline = Date.now() - 1;
      await state.storage.put("state", st);
    });
    await stepRoom(s.id);
    const failed = await getSession(u.token, s.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toEqual({ code: "DEADLINE_EXCEEDED" });
    expect(await balance(u.token)).toBe(100);
  });
});

describe("creation when the SessionScheduler cannot be reached", () => {
  it("fails the paid session, refunds it in full and answers 503", async () => {
    const u = await registerUser();
    const principal = {
      userId: u.id,
      role: "user",
      tier: "basic",
      scopes: new Set(["remote-viewing:write"]),
      credential: { kind: "login_token", id: "t" },
    } as any;
    const input = {
      cue: "x",
      session_type: "remote_viewing" as const,
      parameters: {
        duration: 60,
        confidence_threshold: 0.5,
        analysis_types: ["visual" as const],
        priority: "normal" as const,
      },
      metadata: { tags: [] },
    };
    const err = await createSessionDirect(
      userTestContext(principal, {
        bindings: {
          ...env,
          ANALYSIS_TIME_SCALE: "0.001",
          SESSION_SCHEDULER: unreachableScheduler,
        } as unknown as Bindings,
      }),
      input,
    ).catch((e) => e);
    expect(err.code).toBe("SERVICE_UNAVAILABLE");
    const sessionId = err.details.session_id;
    const row = await env.DB.prepare("SELECT status, end_reason, credits_used FROM sessions WHERE id = ?")
      .bind(sessionId)
      .first();
    expect(row).toEqual({ status: "failed", end_reason: "SERVICE_UNAVAILABLE", credits_used: 0 });
    expect(await balance(u.token)).toBe(100);
  });
});

describe("infrastructure errors during a step", () => {
  it("leave the session where it was and retry the step a few seconds later", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const outcome = await runInDurableObject(roomStub(s.id), async (room, state) => {
      const realEnv = (room as any).env;
      const broken = {
        prepare: () => {
          throw new Error("D1 unavailable");
        },
        batch: async () => {
          throw new Error("D1 unavailable");
        },
      };
      (room as any).env = { ...realEnv, DB: broken };
      const before = Date.now();
      try {
        await room.alarm();
      } finally {
        (room as any).env = realEnv;
      }
      const after = Date.now();
      return {
        before,
        after,
        alarm: await state.storage.getAlarm(),
        step: (await state.storage.get<any>("state")).step,
      };
    });
    expect(outcome.step).toBe(0);
    // Five seconds after the failed step, whenever during the call it failed (however slow the machine).
    expect(outcome.alarm).toBeGreaterThanOrEqual(outcome.before + 5_000);
    expect(outcome.alarm).toBeLessThanOrEqual(outcome.after + 5_000);
    expect((await getSession(u.token, s.id)).status).toBe("pending");
    await stepRoom(s.id);
    expect((await getSession(u.token, s.id)).status).toBe("processing");
  });
});
