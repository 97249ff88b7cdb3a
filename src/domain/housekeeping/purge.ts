import { type PurgeCursor, purgeExpiredWrite } from "../../db/idempotency";
import { KV_KEYS } from "../../db/kv-keys";
import { deleteExpiredRegisteredClientStatements, expiredRegisteredClients } from "../../db/registered-clients";
import { purgeExpiredRevocationsWrite } from "../../db/revocations";
import { purgeExpiredOnceStatement } from "../../db/sso-once";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { eachShard } from "../shards/accounts";
import { commitWrite } from "../unit-of-work";

/** At most this many expired revocations (and expired registrations) are deleted per run. */
const PURGE_MAX_PER_RUN = 5_000;
/**
 * Idempotency records looked at per run, in chunks of 1,000 in key order from
 * where the last run stopped (a KV cursor): the table has no expires_at index
 * (a session's creation writes its record as one row), so a run reads a fixed
 * number of rows and a full pass takes records / 5,000 minutes (docs/scale.md).
 */
const IDEMPOTENCY_SCAN_PER_RUN = 5_000;
const IDEMPOTENCY_CHUNK = 1_000;
const IDEMPOTENCY_CURSOR = KV_KEYS.idempotencyPurgeCursor;

/**
 * What has expired and is kept for nothing: SSO one-time keys (AuthnRequest ids, the assertion
 * replay cache), revocations whose tokens have all expired, and self-registered OAuth clients
 * whose registration expired unused (docs/mcp.md).
 */
export async function purgeExpired(ctx: Context): Promise<{ revocations: number; registrations: number }> {
  const now = ctx.now();
  await ctx.commit([purgeExpiredOnceStatement(ctx.db, now)]);
  const revocations = await commitWrite(ctx, purgeExpiredRevocationsWrite(ctx.db, iso(now), PURGE_MAX_PER_RUN));
  const expired = await expiredRegisteredClients(ctx.db, iso(now), PURGE_MAX_PER_RUN);
  for (const id of expired) await ctx.commit(deleteExpiredRegisteredClientStatements(ctx.db, id, iso(now)));
  const registrations = expired.length;
  return { revocations, registrations };
}

/**
 * One run's share of the idempotency purge: up to `scanPerRun` records of each shard (where its
 * accounts' records are), from that shard's saved cursor.
 */
export async function purgeIdempotencyRecords(
  ctx: Context,
  input: { scanPerRun?: number; chunk?: number } = {},
): Promise<number> {
  const each = await eachShard(ctx, (onIt, shard) =>
    purgeShard(onIt, shard === 0 ? IDEMPOTENCY_CURSOR : `${IDEMPOTENCY_CURSOR}:${shard}`, input),
  );
  return each.reduce((sum, n) => sum + n, 0);
}

async function purgeShard(
  ctx: Context,
  cursorKey: string,
  input: { scanPerRun?: number; chunk?: number },
): Promise<number> {
  const { scanPerRun = IDEMPOTENCY_SCAN_PER_RUN, chunk: chunkSize = IDEMPOTENCY_CHUNK } = input;
  const now = iso(ctx.now());
  const saved = await ctx.kv.get<NonNullable<PurgeCursor>>(cursorKey, "json");
  let cursor: PurgeCursor = saved;
  let purged = 0;
  for (let scanned = 0; scanned < scanPerRun; scanned += chunkSize) {
    const chunk = await commitWrite(ctx, purgeExpiredWrite(ctx.db, now, cursor, chunkSize));
    purged += chunk.deleted;
    cursor = chunk.next;
    if (!cursor) break; // the end of the table: the next run starts from the beginning
  }
  if (cursor) await ctx.kv.put(cursorKey, JSON.stringify(cursor));
  else if (saved) await ctx.kv.delete(cursorKey);
  return purged;
}
