import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Bindings } from "../../src/bindings";
import { parseWeights, shardsOf } from "../../src/context/shards";

describe("the shards of a deployment", () => {
  it("are DB then SHARD_1 … in order, at least two here, weighted as wrangler.toml says", () => {
    const set = shardsOf(env as unknown as Bindings);
    expect(set.databases).toEqual([env.DB, env.SHARD_1]);
    expect(set.weights).toEqual([1, 0]);
  });

  it("refuse a gap in the numbering, which would strand the accounts placed past it", () => {
    const gap = { ...(env as unknown as Bindings), SHARD_2: undefined, SHARD_3: env.DB };
    expect(() => shardsOf(gap)).toThrow("SHARD_3 is bound but SHARD_2 is not");
  });

  it("read SHARD_WEIGHTS in shard order, a missing entry as 1, and refuse what is not a weight", () => {
    expect(parseWeights("0, 2", 3)).toEqual([0, 2, 1]);
    expect(parseWeights(undefined, 2)).toEqual([1, 1]);
    expect(parseWeights("", 2)).toEqual([1, 1]);
    expect(() => parseWeights("1,1,1", 2)).toThrow("names 3 shards; 2 are bound");
    expect(() => parseWeights("1,-1", 2)).toThrow('"-1" is not a weight');
    expect(() => parseWeights("x", 1)).toThrow('"x" is not a weight');
    expect(() => parseWeights("0,0", 2)).toThrow("every shard has weight 0");
  });
});
