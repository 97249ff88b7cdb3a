import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { configOf } from "../context/config";
import { contextOf } from "../context/request";
import {
  type AtomicRecord,
  atomicRecordStatements,
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyRecord,
  forgetIdempotencyRecord,
  type IdempotencyRecord,
  releaseIdempotencyKey,
  storeIdempotencyRecord,
} from "../db/idempotency";
import { dataEncryptionKey } from "../domain/encryption/data-key";
import { open, seal } from "../domain/encryption/secret-box";
import {
  holds,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_RETENTION_MS,
  idempotencyRequestHash,
} from "../domain/idempotency/keys";
import { actingDatabase } from "../domain/shards/accounts";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
import { iso } from "../lib/clock";
import { principalOf } from "./authenticate";

/**
 * `Idempotency-Key` for POST routes (draft-ietf-httpapi-idempotency-key-header,
 * Stripe's semantics). Generic: it knows nothing of the route it guards; a
 * route opts in with `defineRoute({ idempotent: true })`.
 *
 * - Keys are per principal (user), 1–255 printable ASCII characters, kept 24 h.
 * - A retry with the same key and the same request replays the stored
 *   response (status and body) with `Idempotent-Replayed: true`; the handler
 *   does not run again.
 * - Same key, different request (method, path or body) → 422 IDEMPOTENCY_KEY_MISMATCH.
 * - Same key while the first request still runs → 409 IDEMPOTENCY_KEY_IN_USE.
 * - Only outcomes of work are stored: 2xx and business refusals (402, 404,
 *   409 …). A request refused before any work — validation (400, 413, 422),
 *   authorization (401, 403), a limit (429) — or failing with ≥ 500 releases
 *   the key, so the client can fix the request or retry with the same key.
 * - Stored bodies are sealed (AES-256-GCM, the data encryption key): a create
 *   response can carry a secret shown once (API key, webhook secret).
 * Expired records are deleted by the scheduled maintenance (src/maintenance.ts).
 * Must run after authentication (defineRoute puts it after the scope check).
 *
 * Two ways to hold the key while the work runs:
 * - claim (the default): an in-progress record before the work, completed
 *   with the response after it (two writes beside the work's).
 * - atomic (`idempotent({ atomic: true })`, session creation): no claim; the
 *   work writes the finished record in its own batch (Variables.idempotencyRecord),
 *   so the work and its record commit together or not at all, one row. Of two
 *   concurrent requests with one key, the second batch fails on the record's
 *   key and rolls back whole; the work reports that as IDEMPOTENCY_KEY_IN_USE
 *   and this middleware then replays the first's record (or refuses a
 *   different request with 422). A refusal the work ends in (402 …) is stored
 *   after it; a 5xx after the batch (the work undone) forgets the record.
 */
const LOCK_MS = 60 * 1000;
const PRINTABLE = /^[\x21-\x7e]+$/;
/** Statuses that mean "refused before doing anything": never stored. */
const NOT_STORED = new Set([400, 401, 403, 413, 422, 429]);

/** The request header, as documented on every idempotent operation. */
export const IdempotencyKeyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(PRINTABLE)
    .optional()
    .openapi({
      param: { in: "header" },
      description:
        "Optional, 1–255 printable ASCII characters, unique per request you mean to make once (e.g. a UUID). Kept 24 hours per user: a retry with the same key and body returns the first response (`Idempotent-Replayed: true`) without doing the work again; the same key with another body → 422 IDEMPOTENCY_KEY_MISMATCH; while the first is still running → 409 IDEMPOTENCY_KEY_IN_USE. Requests refused by validation, authorization or a limit, and 5xx failures, are not stored.",
      example: "5f7c1e9a-3b2d-4c8e-9a61-0d2f4b7e8c13",
    }),
});

function checkKey(key: string): void {
  const fail = (code: "FIELD_TOO_LONG" | "INVALID_FIELD_VALUE", reason: string) =>
    new AppError(code, {
      message: `Idempotency-Key: ${reason}`,
      details: { field: "Idempotency-Key", reason, location: "header" },
    });
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw fail("FIELD_TOO_LONG", `must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  if (!PRINTABLE.test(key)) throw fail("INVALID_FIELD_VALUE", "must be 1 to 255 printable ASCII characters");
}

export function idempotent(options: { atomic?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    checkKey(key);
    const principal = await principalOf(c);
    // Records are on the acting account's shard, with the work they record (docs/scale.md "Shards").
    const d1 = actingDatabase(contextOf(c), principal);
    const now = Date.now();
    const requestHash = await idempotencyRequestHash({
      method: c.req.method,
      path: c.req.path,
      body: await c.req.text(),
    });
    const associated = `idempotency:${principal.userId}:${key}`;
    if (options.atomic) return atomic(c, next, { ownerId: principal.userId, key, requestHash, now, associated });

    const claimed = await claimIdempotencyKey(d1, {
      ownerId: principal.userId,
      key,
      requestHash,
      now: iso(now),
      lockedUntil: iso(now + LOCK_MS),
      expiresAt: iso(now + IDEMPOTENCY_RETENTION_MS),
    });
    if (!claimed) {
      const existing = await findIdempotencyRecord(d1, principal.userId, key);
      if (!existing) throw new AppError("IDEMPOTENCY_KEY_IN_USE"); // released between our two reads
      if (existing.requestHash !== requestHash)
        throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details: { field: "Idempotency-Key", location: "header" } });
      return replay(c, existing, requestHash, associated);
    }

    try {
      await next();
    } finally {
      // `next` renders thrown errors into c.res (Hono's compose), so this sees every outcome.
      const status = c.res.status;
      if (status >= 500 || NOT_STORED.has(status)) {
        await releaseIdempotencyKey(d1, principal.userId, key);
      } else {
        const sealed = await seal(await dataEncryptionKey(configOf(c.env)), await c.res.clone().text(), associated);
        await completeIdempotencyKey(d1, principal.userId, key, status, sealed);
      }
    }
  };
}

/** The response to a request whose key a record holds: the stored response, or why not. */
async function replay(
  c: Context<AppEnv>,
  existing: IdempotencyRecord,
  requestHash: string,
  associated: string,
): Promise<Response> {
  const stored = await storedResponse(c, existing, requestHash, associated);
  c.header("Idempotent-Replayed", "true");
  return c.body(stored.body, stored.status as 200, { "content-type": "application/json" });
}

async function storedResponse(
  c: Context<AppEnv>,
  existing: IdempotencyRecord,
  requestHash: string,
  associated: string,
): Promise<{ status: number; body: string }> {
  if (existing.requestHash !== requestHash)
    throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details: { field: "Idempotency-Key", location: "header" } });
  if (existing.status !== "completed") throw new AppError("IDEMPOTENCY_KEY_IN_USE");
  const body = await open(await dataEncryptionKey(configOf(c.env)), existing.responseBody ?? "", associated);
  if (body === null) {
    // Sealed under a data key this isolate no longer has: we cannot replay, and must not redo the work.
    console.error(JSON.stringify({ request_id: c.get("requestId"), error: "idempotency record unreadable" }));
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The stored response for this Idempotency-Key cannot be read.",
    });
  }
  return { status: existing.responseStatus ?? 200, body };
}

/** The atomic way (see the module comment): the work writes the record in its own batch. */
async function atomic(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  k: { ownerId: string; key: string; requestHash: string; now: number; associated: string },
): Promise<Response | undefined> {
  const d1 = actingDatabase(contextOf(c), await principalOf(c));
  const at = iso(k.now);
  const existing = await findIdempotencyRecord(d1, k.ownerId, k.key);
  if (existing && holds(existing, at)) return replay(c, existing, k.requestHash, k.associated);
  const record: AtomicRecord = {
    ownerId: k.ownerId,
    key: k.key,
    requestHash: k.requestHash,
    now: at,
    expiresAt: iso(k.now + IDEMPOTENCY_RETENTION_MS),
    takeOver: existing !== null,
  };
  const sealed = async (body: string) => seal(await dataEncryptionKey(configOf(c.env)), body, k.associated);
  c.set("idempotencyRecord", async (response, onlyIf) =>
    atomicRecordStatements(d1, record, { status: response.status, sealedBody: await sealed(response.body) }, onlyIf),
  );
  await next();
  const status = c.res.status;
  if (c.error instanceof AppError && c.error.code === "IDEMPOTENCY_KEY_IN_USE") {
    // Another request with this key committed first (its batch won): answer as a retry would.
    const winner = await findIdempotencyRecord(d1, k.ownerId, k.key);
    if (!winner || !holds(winner, at)) return;
    const stored = await storedResponse(c, winner, k.requestHash, k.associated);
    // The headers the earlier middleware set (request id, rate limits), not the refusal's own.
    const headers = new Headers(c.res.headers);
    for (const name of ["retry-after", "content-length"]) headers.delete(name);
    headers.set("content-type", "application/json");
    headers.set("Idempotent-Replayed", "true");
    c.res = undefined;
    c.res = new Response(stored.body, { status: stored.status, headers });
    return;
  }
  if (status >= 200 && status < 300) return; // stored by the work's batch
  if (status >= 500 || NOT_STORED.has(status)) {
    // A 5xx may follow a committed batch whose work was then undone (a refund): free the key.
    if (status >= 500) await forgetIdempotencyRecord(d1, record);
    return;
  }
  await storeIdempotencyRecord(d1, record, { status, sealedBody: await sealed(await c.res.clone().text()) });
}

/**
 * On an atomic idempotent route, what the route answers for the work's result (`render`, with
 * `status`) is the key's record, committed in the work's own batch: the request's context adds it
 * to the batch the work commits as its outcome (Context.commit). No key, nothing to record.
 */
export function recordOutcomeAs<T>(c: Context<AppEnv>, status: number, render: (result: T) => unknown): void {
  const record = c.get("idempotencyRecord");
  if (!record) return;
  c.set("commitAlongside", ({ result, onlyIf }) =>
    record({ status, body: JSON.stringify(render(result as T)) }, onlyIf),
  );
}
