import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deterministicId, MAX_SHARDS, newId, shardOfId } from "../../src/lib/ids";

describe("ids carry their shard", () => {
  it("names the shard it was minted on, in <prefix>_<digits>", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_SHARDS - 1 }),
        fc.integer({ min: 0, max: 9_999_999_999_999 }),
        (shard, now) => {
          const id = newId("session", now, shard);
          expect(id).toMatch(/^session_\d{22}$/);
          expect(shardOfId(id)).toBe(shard);
        },
      ),
      { seed: 47, numRuns: 300 },
    );
  });

  it("sorts by creation time whatever the shard", () => {
    const early = newId("session", 1_700_000_000_000, 999);
    const late = newId("session", 1_700_000_000_001, 0);
    expect(early < late).toBe(true);
  });

  it("reads an id of the single-database era as shard 0, and others as no shard", async () => {
    expect(shardOfId("session_1764000000000123456")).toBe(0);
    expect(shardOfId("user_1")).toBe(0);
    expect(shardOfId(await deterministicId("evt", "k"))).toBeUndefined();
    for (const bad of ["", "session", "session_", "session_12a", "_123", "session_1764000000000123456789012"])
      expect(shardOfId(bad)).toBeUndefined();
  });

  it("refuses a shard outside the digits' range", () => {
    expect(() => newId("acct", 0, MAX_SHARDS)).toThrow(RangeError);
    expect(() => newId("acct", 0, -1)).toThrow(RangeError);
  });
});
