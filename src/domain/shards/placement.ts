/**
 * Where a new account lives (docs/scale.md "Placement"): a shard drawn with probability
 * proportional to its weight (SHARD_WEIGHTS). Weighted rather than "least full": it needs no read
 * and no shared counter, so a registration costs no extra query and no hot row, and any isolate
 * places alike. Sizes still steer it: the operator raises a new shard's weight to fill it, sets a
 * full one to 0, and moves accounts to even out what weights cannot (the capacity model says when).
 *
 * `draw` is uniform in [0, 1) (injected, so tests pin it).
 */
export function pickShard(weights: readonly number[], draw: number): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let point = draw * total;
  for (const [shard, weight] of weights.entries()) {
    if (weight > 0 && point < weight) return shard;
    point -= weight;
  }
  // Only rounding at the top of the range lands here: the last shard that takes accounts.
  return weights.findLastIndex((w) => w > 0);
}
