import { describe, expect, it } from "vitest";
import { priceOf } from "../../../src/domain/sessions/pricing";
import { scheduleFor } from "../../../src/domain/sessions/schedule";

describe("priority", () => {
  it("high costs 1.5 × the normal price, rounded up", () => {
    const p = { duration: 300, analysis_types: ["visual" as const] };
    expect(priceOf("remote_viewing", p)).toBe(15);
    expect(priceOf("remote_viewing", { ...p, priority: "normal" })).toBe(15);
    expect(priceOf("remote_viewing", { ...p, priority: "high" })).toBe(23);
    expect(priceOf("dowsing", { duration: 30, analysis_types: ["visual"], priority: "high" })).toBe(9);
  });

  it("high skips the queue wait: processing starts at creation and ends 10 % of the total sooner", () => {
    const normal = scheduleFor(1_000_000, 100, 1, "normal");
    const high = scheduleFor(1_000_000, 100, 1, "high");
    expect(normal.stepAt).toEqual([1_010_000, 1_032_500, 1_077_500, 1_100_000]);
    expect(high.stepAt).toEqual([1_000_000, 1_022_500, 1_067_500, 1_090_000]);
    expect(high.estimatedCompletion).toBe(1_090_000);
    // The stages take as long either way; only the wait differs.
    const stageLengths = (s: number[]) => s.slice(1).map((t, i) => t - s[i]!);
    expect(stageLengths(high.stepAt)).toEqual(stageLengths(normal.stepAt));
    expect(high.deadline).toBe(normal.deadline);
    expect(scheduleFor(0, 3600, 1, "high").estimatedCompletion).toBe(3_240_000);
  });
});
