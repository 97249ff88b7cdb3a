import type { Bindings } from "../bindings";
import type { Shards } from "../domain/context";
import { MAX_SHARDS } from "../lib/ids";
import { committer } from "./commit";

/**
 * The databases of one deployment (docs/scale.md "Shards"): shard 0 is `DB`, which is also the
 * directory (so a single-database deployment is the one-shard case, and the upgrade from it adds
 * bindings only), shards 1…N−1 are `SHARD_1`… in order. Their weights for new accounts come from
 * SHARD_WEIGHTS. Read once per set of bindings, like the configuration.
 */
export interface ShardSet {
  readonly databases: readonly D1Database[];
  /** Each shard's weight for new accounts (src/domain/shards/placement.ts); 0 takes none. */
  readonly weights: readonly number[];
}

const sets = new WeakMap<Bindings, ShardSet>();

export function shardsOf(env: Bindings): ShardSet {
  let set = sets.get(env);
  if (!set) {
    set = parse(env);
    sets.set(env, set);
  }
  return set;
}

function parse(env: Bindings): ShardSet {
  const databases: D1Database[] = [env.DB];
  for (let n = 1; n < MAX_SHARDS && env[`SHARD_${n}`]; n++) databases.push(env[`SHARD_${n}`] as D1Database);
  // A gap would strand every account placed past it: refuse the configuration instead.
  const stray = Object.keys(env).find(
    (k) => /^SHARD_\d+$/.test(k) && env[k as `SHARD_${number}`] && Number(k.slice(6)) >= databases.length,
  );
  if (stray)
    throw new Error(
      `shards: ${stray} is bound but SHARD_${databases.length} is not (shards are numbered without gaps)`,
    );
  return { databases, weights: parseWeights(env.SHARD_WEIGHTS, databases.length) };
}

/** "1,0,2" → [1, 0, 2]; a missing entry is 1; anything but a finite number ≥ 0 is a configuration error. */
export function parseWeights(text: string | undefined, count: number): number[] {
  const given = text?.trim() ? text.split(",").map((w) => w.trim()) : [];
  if (given.length > count) throw new Error(`SHARD_WEIGHTS names ${given.length} shards; ${count} are bound`);
  const weights = Array.from({ length: count }, (_, i) => {
    const w = given[i] === undefined || given[i] === "" ? 1 : Number(given[i]);
    if (!Number.isFinite(w) || w < 0) throw new Error(`SHARD_WEIGHTS: "${given[i]}" is not a weight (a number ≥ 0)`);
    return w;
  });
  if (!weights.some((w) => w > 0))
    throw new Error("SHARD_WEIGHTS: every shard has weight 0, so no account can be placed");
  return weights;
}

/**
 * Context.shards over the bindings `env()` gives when asked (a request's D1 session replaces them
 * after its context is built: shard 0 is then that session's `DB`).
 */
export function contextShards(env: () => Bindings): Shards {
  const db = (n: number) => (Number.isInteger(n) ? shardsOf(env()).databases[n] : undefined);
  return {
    get weights() {
      return shardsOf(env()).weights;
    },
    db,
    commit: (n, statements) => {
      const target = db(n);
      if (!target) throw new Error(`shards: no shard ${n} is bound`);
      return committer(() => target)(statements);
    },
  };
}
