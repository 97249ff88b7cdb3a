import {
  type AtomicRecord,
  atomicRecordStatements,
  claimWrite,
  completeStatement,
  findIdempotencyRecord,
  forgetStatement,
  type IdempotencyRecord,
  releaseStatement,
  storeWrite,
} from "../../db/idempotency";
import type { Condition, Statement, Store } from "../../db/store";
import { AppError, type ErrorDetails } from "../../errors";
import { iso } from "../../lib/clock";
import type { Context } from "../context";
import { dataEncryptionKey } from "../encryption/data-key";
import { open, seal } from "../encryption/secret-box";
import type { Principal } from "../identity/principal";
import { actingShard, onShardIfBound } from "../shards/accounts";
import { commitWrite } from "../unit-of-work";
import { holds, IDEMPOTENCY_RETENTION_MS, idempotencyRequestHash } from "./keys";

/**
 * A key's records (drizzle/schema/idempotency.ts), for whoever honours a key: the Idempotency-Key
 * middleware (src/middleware/idempotency.ts) and the MCP create_session tool (src/mcp/create-once.ts).
 * Stored responses are sealed (AES-256-GCM under the data encryption key, bound to the owner and
 * the key): a create response can carry a secret shown once. A key's records are on the acting
 * account's shard, with the work they record (docs/scale.md "Shards"): every function here reads and
 * writes there, so its callers never pick a database.
 */

/**
 * One request's use of a key: whose key, which, the request it stands for, when it started (ms),
 * and the shard of the account it acts for (where the key's record is).
 */
export interface KeyUse {
  ownerId: string;
  key: string;
  requestHash: string;
  now: number;
  shard: number;
}

export type { IdempotencyRecord };

/** The use of `key` by `principal` for `request` (method, path, body), at `now`. */
export async function keyUse(input: {
  principal: Pick<Principal, "userId" | "organization">;
  key: string;
  request: { method: string; path: string; body: string };
  now: number;
}): Promise<KeyUse> {
  const { principal, key, request, now } = input;
  return {
    ownerId: principal.userId,
    key,
    requestHash: await idempotencyRequestHash(request),
    now,
    shard: actingShard(principal),
  };
}

/** `ctx` on the shard of `k`'s record. */
const at = (ctx: Context, k: KeyUse) => onShardIfBound(ctx, k.shard);

const associated = (k: KeyUse) => `idempotency:${k.ownerId}:${k.key}`;
const sealFor = async (ctx: Context, k: KeyUse, body: string) =>
  seal(await dataEncryptionKey(ctx.config), body, associated(k));

/** The key's record as stored, or null. */
export function findRecord(ctx: Context, k: KeyUse): Promise<IdempotencyRecord | null> {
  return findIdempotencyRecord(at(ctx, k).db, k.ownerId, k.key);
}

/** The record that holds the key as of the request's start (not expired, no lapsed lock), or null. */
export async function holdingRecord(ctx: Context, k: KeyUse): Promise<IdempotencyRecord | null> {
  const record = await findRecord(ctx, k);
  return record && holds(record, iso(k.now)) ? record : null;
}

/**
 * What a holding record answers `k` with: its stored response (status, and the body, or null when
 * it is sealed under a data key this isolate no longer has: it cannot be replayed, and the work
 * must not be redone). Another request with the key → IDEMPOTENCY_KEY_MISMATCH (`details` say
 * where the key was sent); the first request still running → IDEMPOTENCY_KEY_IN_USE.
 */
export async function storedResponse(
  ctx: Context,
  input: { record: IdempotencyRecord; use: KeyUse; details: ErrorDetails },
): Promise<{ status: number; body: string | null }> {
  const { record, use: k, details } = input;
  if (record.requestHash !== k.requestHash) throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details });
  if (record.status !== "completed") throw new AppError("IDEMPOTENCY_KEY_IN_USE");
  const body = await open(await dataEncryptionKey(ctx.config), record.responseBody ?? "", associated(k));
  return { status: record.responseStatus ?? 200, body };
}

// The claim: an in-progress record before the work, completed with the response after it.

/** Claim the key for `lockMs` (or take over an expired record or a lapsed lock): true if this request owns it. */
export function claimKey(ctx: Context, input: { use: KeyUse; lockMs: number }): Promise<boolean> {
  const { use: k, lockMs } = input;
  const home = at(ctx, k);
  return commitWrite(
    home,
    claimWrite(home.db, {
      ownerId: k.ownerId,
      key: k.key,
      requestHash: k.requestHash,
      now: iso(k.now),
      lockedUntil: iso(k.now + lockMs),
      expiresAt: iso(k.now + IDEMPOTENCY_RETENTION_MS),
    }),
  );
}

/** Complete the claimed key with the response the work ended in. */
export async function completeKey(ctx: Context, input: { use: KeyUse; status: number; body: string }): Promise<void> {
  const { use: k, status, body } = input;
  const sealed = await sealFor(ctx, k, body);
  const home = at(ctx, k);
  await home.commit([completeStatement(home.db, k.ownerId, k.key, status, sealed)]);
}

/** Release the claimed key unfinished (the request failed in a way that is safe to retry). */
export async function releaseKey(ctx: Context, k: KeyUse): Promise<void> {
  const home = at(ctx, k);
  await home.commit([releaseStatement(home.db, k.ownerId, k.key)]);
}

// The atomic way: no claim; the work commits the finished record with its own statements.

/** A key no record holds, that the work records its result under in its own commit. */
export interface FreeKey {
  readonly use: KeyUse;
  /** An expired record, or a lapsed in-progress one, is there: the commit deletes it first. */
  readonly takeOver: boolean;
}

/**
 * The statements that store a use case's result as its Idempotency-Key record, for the use case's
 * own commit on `db` (the database it commits to), written only if `onlyIf` holds (the work
 * happened). Of two requests with one key, the second commit fails on the record's key
 * (`isKeyTaken`) and rolls back whole.
 */
export type RecordResult<T> = (result: T, onlyIf: Condition, db: Store) => Promise<Statement[]>;

/** Whether a record holds the key (to replay or refuse), or it is free for the work to record its result under. */
export async function lookUpKey(ctx: Context, k: KeyUse): Promise<{ held: IdempotencyRecord } | { free: FreeKey }> {
  const record = await findRecord(ctx, k);
  if (record && holds(record, iso(k.now))) return { held: record };
  return { free: { use: k, takeOver: record !== null } };
}

/** The record of `free` for a result answered with `status` and the body `render` gives. */
export function recordResultAs<T>(
  ctx: Context,
  input: { free: FreeKey; status: number; render: (result: T) => unknown },
): RecordResult<T> {
  const { free, status, render } = input;
  return async (result, onlyIf, db) =>
    atomicRecordStatements(
      db,
      atomicRecord(free),
      { status, sealedBody: await sealFor(ctx, free.use, JSON.stringify(render(result))) },
      onlyIf,
    );
}

/** Store a refusal the work ended in (402, 404 …) as the key's record, on its own; false if the key is taken. */
export async function storeRefusal(
  ctx: Context,
  input: { free: FreeKey; status: number; body: string },
): Promise<boolean> {
  const { free, status, body } = input;
  const sealedBody = await sealFor(ctx, free.use, body);
  const home = at(ctx, free.use);
  return commitWrite(home, storeWrite(home.db, atomicRecord(free), { status, sealedBody }));
}

/** Forget the record the work committed (the work was undone afterwards): the key may be used again. */
export async function forgetRecord(ctx: Context, free: FreeKey): Promise<void> {
  const home = at(ctx, free.use);
  await home.commit([forgetStatement(home.db, atomicRecord(free))]);
}

function atomicRecord({ use, takeOver }: FreeKey): AtomicRecord {
  return {
    ownerId: use.ownerId,
    key: use.key,
    requestHash: use.requestHash,
    now: iso(use.now),
    expiresAt: iso(use.now + IDEMPOTENCY_RETENTION_MS),
    takeOver,
  };
}
