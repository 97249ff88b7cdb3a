import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickShard } from "../../../src/domain/shards/placement";

const weights = fc
  .array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 8 })
  .filter((w) => w.some((x) => x > 0));
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

describe("placement: a shard drawn by weight", () => {
  it("never places an account on a shard of weight 0, and always on a bound shard", () => {
    fc.assert(
      fc.property(weights, draw, (w, d) => {
        const shard = pickShard(w, d);
        expect(shard).toBeGreaterThanOrEqual(0);
        expect(shard).toBeLessThan(w.length);
        expect(w[shard]).toBeGreaterThan(0);
      }),
      { seed: 47, numRuns: 500 },
    );
  });

  it("gives each shard the share of draws its weight asks for", () => {
    const w = [1, 0, 3];
    const counts = [0, 0, 0];
    // Draws spread evenly over [0, 1): exactly the weights' shares, no sampling error.
    for (let i = 0; i < 4_000; i++) counts[pickShard(w, i / 4_000)]! += 1;
    expect(counts).toEqual([1_000, 0, 3_000]);
  });

  it("places the top of the range on the last shard that takes accounts", () => {
    expect(pickShard([2, 2, 0], 1 - Number.EPSILON)).toBe(1);
  });
});
