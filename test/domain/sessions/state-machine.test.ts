import { describe, expect, it } from "vitest";
import type { AnalyzerInput } from "../../../src/analysis/analyzer";
import { AnalyzerError } from "../../../src/analysis/analyzer";
import { deterministicAnalyzer } from "../../../src/analysis/deterministic";
import { LiveMessage } from "../../../src/domain/sessions/live-messages";
import { cancellationRefund, failureRefund, priceOf } from "../../../src/domain/sessions/pricing";
import {
  DEADLINE_GRACE_MS,
  scheduleFor,
  stageAfterStep,
  stageOfStep,
  timeScale,
} from "../../../src/domain/sessions/schedule";
import { canCancel, canTransition, canUpdate, isTerminal, sourcesOf } from "../../../src/domain/sessions/state-machine";

describe("session state machine", () => {
  it("allows exactly the documented transitions", () => {
    const legal = [
      ["pending", "processing"],
      ["pending", "cancelled"],
      ["pending", "failed"],
      ["processing", "completed"],
      ["processing", "failed"],
      ["processing", "cancelled"],
    ];
    const all = ["pending", "processing", "completed", "failed", "cancelled"] as const;
    for (const from of all)
      for (const to of all)
        expect(canTransition(from, to), `${from}→${to}`).toBe(legal.some(([f, t]) => f === from && t === to));
  });

  it("says which states end, update and cancel", () => {
    expect(["completed", "failed", "cancelled"].every((s) => isTerminal(s as any))).toBe(true);
    expect(canUpdate("pending") && canUpdate("processing")).toBe(true);
    expect(canUpdate("completed") || canUpdate("failed") || canUpdate("cancelled")).toBe(false);
    expect(canCancel("processing")).toBe(true);
    expect(canCancel("completed")).toBe(false);
    expect(sourcesOf("cancelled").sort()).toEqual(["pending", "processing"]);
    expect(sourcesOf("completed")).toEqual(["processing"]);
  });
});

describe("price and refunds", () => {
  it("prices by type, started minutes and extra analysis types", () => {
    expect(priceOf("remote_viewing", { duration: 300, analysis_types: ["visual"] })).toBe(15);
    expect(priceOf("dowsing", { duration: 30, analysis_types: ["visual"] })).toBe(6);
    expect(priceOf("precognition", { duration: 61, analysis_types: ["visual", "spatial"] })).toBe(15 + 2 + 2);
    expect(priceOf("intuitive_analysis", { duration: 3600, analysis_types: ["visual", "spatial", "temporal"] })).toBe(
      5 + 60 + 4,
    );
  });

  it("refunds everything while pending and the unstarted stages while processing, rounded down", () => {
    expect(cancellationRefund(70, "pending", null)).toEqual({ credits: 70, reason: "cancelled_before_processing" });
    expect(cancellationRefund(70, "processing", "initial_processing")).toEqual({
      credits: 52,
      reason: "cancelled_during_processing",
    });
    expect(cancellationRefund(70, "processing", "deep_analysis")).toEqual({
      credits: 17,
      reason: "cancelled_during_processing",
    });
    expect(cancellationRefund(70, "processing", "final_validation")).toEqual({
      credits: 0,
      reason: "cancelled_during_processing",
    });
    expect(cancellationRefund(4, "processing", "initial_processing").credits).toBe(3);
    expect(failureRefund(70)).toEqual({ credits: 70, reason: "processing_failed" });
  });
});

describe("schedule", () => {
  it("spreads duration × scale over the pending wait and the stages; estimated completion agrees", () => {
    const s = scheduleFor(1_000_000, 100, 1);
    expect(s.totalMs).toBe(100_000);
    expect(s.stepAt).toEqual([1_010_000, 1_032_500, 1_077_500, 1_100_000]);
    expect(s.estimatedCompletion).toBe(1_100_000);
    expect(s.deadline).toBe(1_000_000 + 200_000 + DEADLINE_GRACE_MS);
    expect(scheduleFor(0, 60, 0.001).estimatedCompletion).toBe(60);
    expect(stageOfStep(1)).toBe("initial_processing");
    expect(stageAfterStep(1)).toBe("deep_analysis");
    expect(stageAfterStep(3)).toBeNull();
  });

  it("reads the time scale var defensively", () => {
    expect(timeScale("0.05")).toBe(0.05);
    expect(timeScale("")).toBe(0);
    expect(timeScale("fast")).toBe(1);
    expect(timeScale(undefined)).toBe(1);
    expect(timeScale("-2")).toBe(1);
  });
});

describe("deterministic analyzer", () => {
  const input = (over: Partial<AnalyzerInput> = {}): AnalyzerInput => ({
    sessionId: "session_1",
    cue: "Find the lighthouse",
    sessionType: "remote_viewing",
    parameters: { duration: 300, confidence_threshold: 0.5, analysis_types: ["visual", "spatial"], priority: "normal" },
    ...over,
  });
  const run = async (i: AnalyzerInput, testHooks = true) => {
    const a = deterministicAnalyzer({ testHooks });
    const history = [];
    for (const stage of ["initial_processing", "deep_analysis", "final_validation"] as const) {
      history.push({ timestamp: "2026-01-01T00:00:00.000Z", stage, ...(await a.stage(i, stage)) });
    }
    return { history, outcome: await a.finish(i, history) };
  };

  it("gives the same output for the same input, different output for another session", async () => {
    expect(await run(input())).toEqual(await run(input()));
    expect((await run(input({ sessionId: "session_2" }))).outcome).not.toEqual((await run(input())).outcome);
  });

  it("fills every field of results and Analysis", async () => {
    const { outcome } = await run(input());
    expect(outcome.confidenceScore).toBeGreaterThan(0);
    expect(outcome.confidenceScore).toBeLessThanOrEqual(1);
    const a = outcome.analysis;
    expect(a.results.detailed_analysis.visual_data.length).toBeGreaterThan(0);
    expect(a.results.detailed_analysis.spatial_data).toMatchObject({
      terrain: expect.any(String),
      depth: expect.any(String),
    });
    expect(Date.parse(a.results.detailed_analysis.temporal_data.time_of_event)).not.toBeNaN();
    expect(a.metadata).toEqual({
      analysis_duration: 300,
      model_version: "deterministic-1.0",
      processing_nodes: 3,
      data_points_analyzed: expect.any(Number),
    });
  });

  it("leaves out findings below the confidence threshold", async () => {
    const none = (await run(input({ parameters: { ...input().parameters, confidence_threshold: 1 } }))).outcome;
    expect(none.analysis.results.detailed_analysis.visual_data).toEqual([]);
    expect(none.analysis.results.key_findings).toEqual([]);
    const all = (await run(input({ parameters: { ...input().parameters, confidence_threshold: 0 } }))).outcome;
    expect(all.analysis.results.key_findings.map((f) => f.type)).toEqual(["location", "condition"]);
  });

  it("fails at the marked stage only when test hooks are on (never in production)", async () => {
    const marked = input({ cue: "x [[fail:deep_analysis]]" });
    const a = deterministicAnalyzer({ testHooks: true });
    await expect(a.stage(marked, "initial_processing")).resolves.toBeDefined();
    await expect(a.stage(marked, "deep_analysis")).rejects.toBeInstanceOf(AnalyzerError);
    await expect(deterministicAnalyzer({ testHooks: false }).stage(marked, "deep_analysis")).resolves.toBeDefined();
  });
});

describe("live message schema", () => {
  it("accepts the three message kinds and rejects others", () => {
    expect(
      LiveMessage.safeParse({
        type: "stage",
        seq: 2,
        session_id: "s",
        stage: "deep_analysis",
        entry: { timestamp: "t", stage: "deep_analysis", confidence: 0.7, notes: "n" },
        next_stage: null,
        at: "t",
        sent_at: "t",
      }).success,
    ).toBe(true);
    expect(
      LiveMessage.safeParse({
        type: "transition",
        seq: 1,
        session_id: "s",
        from: "pending",
        to: "processing",
        stage: "initial_processing",
        at: "t",
        sent_at: "t",
      }).success,
    ).toBe(true);
    expect(LiveMessage.safeParse({ type: "progress", seq: 1 }).success).toBe(false);
  });
});
