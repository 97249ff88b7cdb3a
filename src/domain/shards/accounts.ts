import type { AccountRow } from "../../db/billing-accounts";
import type { PlacementRow } from "../../db/placements";
import type { Store } from "../../db/store";
import { shardOfId } from "../../lib/ids";
import type { Context } from "../context";
import type { Principal } from "../identity/principal";
import { pickShard } from "./placement";

/**
 * Where an account's tables are (docs/scale.md "Shards"). Ids carry their shard, so every look-up
 * here is arithmetic on an id, never a read: the acting account's shard is its owner's id's (a user's
 * id has its personal account's digits, an organization's names its account's shard), and a
 * resource's is its own id's.
 */

/** The shard a new account is placed on: drawn by the shards' weights (docs/scale.md "Placement"). */
export function shardForNewAccount(ctx: Pick<Context, "shards">, draw: number = Math.random()): number {
  return pickShard(ctx.shards.weights, draw);
}

/** The directory's placement row of a new account on `shard`, created with it. */
export function placementOf(account: AccountRow, shard: number): PlacementRow {
  return {
    accountId: account.id,
    ownerType: account.ownerType,
    ownerId: account.ownerId,
    shard,
    version: 1,
    createdAt: account.createdAt,
    updatedAt: account.createdAt,
  };
}

/**
 * The database of the shard `id` names (an account's, its owner's or one of its resources'), or
 * undefined when it names none bound here: a forged or foreign id then finds nothing, as a missing
 * row does (another account's resource is a 404 whatever shard it names).
 */
export function databaseOfId(ctx: Pick<Context, "shards">, id: string): Store | undefined {
  const shard = shardOfId(id);
  return shard === undefined ? undefined : ctx.shards.db(shard);
}

/** The shard `id` names, for a unit of work on an account it belongs to (0 for an id of none). */
export function shardNamedBy(id: string): number {
  return shardOfId(id) ?? 0;
}

/**
 * The unit of work `ctx`, moved to shard `shard`: its `db` and `commit` are that shard's. For work on
 * one account's tables only (a session's creation, a room's step, one shard's sweep): the directory
 * is not reachable through it. On the database `ctx` already works on (shard 0 for most), it is `ctx` itself.
 */
export function onShard<C extends Context>(ctx: C, shard: number): C {
  const db = ctx.shards.db(shard);
  if (!db) throw new Error(`onShard: no shard ${shard} is bound`);
  if (db === ctx.db) return ctx;
  // A view, not a copy: the request's getters (actor, principal, meta) stay live through the prototype.
  return Object.create(ctx, {
    db: { value: db },
    commit: {
      value: (statements: Parameters<C["commit"]>[0]) => ctx.shards.commit(shard, statements),
    },
  }) as C;
}

/**
 * The shard of the account `principal` acts for (its organization's, or its own): where that
 * account's sessions, ledger and Idempotency-Key records are.
 */
export function actingShard(principal: Pick<Principal, "userId" | "organization">): number {
  return shardNamedBy(principal.organization?.id ?? principal.userId);
}

/** `onShard`, or `ctx` itself when no shard `shard` is bound (an id naming none finds nothing there). */
export function onShardIfBound<C extends Context>(ctx: C, shard: number): C {
  return ctx.shards.db(shard) ? onShard(ctx, shard) : ctx;
}

/** The database of `actingShard`. */
export function actingDatabase(
  ctx: Pick<Context, "shards" | "db">,
  principal: Pick<Principal, "userId" | "organization">,
): Store {
  return ctx.shards.db(actingShard(principal)) ?? ctx.db;
}

/**
 * `work` on every shard, one shard at a time (docs/scale.md "Shards": work across accounts fans out
 * with a bound; one at a time keeps a cron run's queries per invocation at one shard's work times
 * the shards, and its D1 load on one database at a time). Results in shard order.
 */
export async function eachShard<C extends Context, T>(
  ctx: C,
  work: (onIt: C, shard: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let shard = 0; shard < ctx.shards.weights.length; shard++) results.push(await work(onShard(ctx, shard), shard));
  return results;
}
