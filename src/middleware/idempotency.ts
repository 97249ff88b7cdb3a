import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { contextOf } from "../context/request";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../domain/idempotency/keys";
import {
  claimKey,
  completeKey,
  findRecord,
  forgetRecord,
  holdingRecord,
  type IdempotencyRecord,
  type KeyUse,
  keyUse,
  lookUpKey,
  type RecordResult,
  recordResultAs,
  releaseKey,
  storedResponse,
  storeRefusal,
} from "../domain/idempotency/records";
import { AppError } from "../errors";
import type { AppEnv } from "../http/app-env";
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
 *   route hands the record to the use case (`idempotencyRecord(c, 201, render)`),
 *   and the use case's one commit writes it with the work, so the work and its
 *   record commit together or not at all, one row. Of two
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
    const ctx = contextOf(c);
    const request = { method: c.req.method, path: c.req.path, body: await c.req.text() };
    const use = await keyUse({ principal, key, request, now: Date.now() });
    if (options.atomic) return atomic(c, next, use);

    const claimed = await claimKey(ctx, { use, lockMs: LOCK_MS });
    if (!claimed) {
      const existing = await findRecord(ctx, use);
      if (!existing) throw new AppError("IDEMPOTENCY_KEY_IN_USE"); // released between our two reads
      return replay(c, existing, use);
    }

    try {
      await next();
    } finally {
      // `next` renders thrown errors into c.res (Hono's compose), so this sees every outcome.
      const status = c.res.status;
      if (status >= 500 || NOT_STORED.has(status)) await releaseKey(ctx, use);
      else await completeKey(ctx, { use, status, body: await c.res.clone().text() });
    }
  };
}

const HEADER = { field: "Idempotency-Key", location: "header" };

/** The response to a request whose key a record holds: the stored response, or why not. */
async function replay(c: Context<AppEnv>, existing: IdempotencyRecord, use: KeyUse): Promise<Response> {
  const stored = await readable(c, existing, use);
  c.header("Idempotent-Replayed", "true");
  return c.body(stored.body, stored.status as 200, { "content-type": "application/json" });
}

async function readable(
  c: Context<AppEnv>,
  existing: IdempotencyRecord,
  use: KeyUse,
): Promise<{ status: number; body: string }> {
  const { status, body } = await storedResponse(contextOf(c), { record: existing, use, details: HEADER });
  if (body === null) {
    // Sealed under a data key this isolate no longer has: we cannot replay, and must not redo the work.
    console.error(JSON.stringify({ request_id: c.get("requestId"), error: "idempotency record unreadable" }));
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "The stored response for this Idempotency-Key cannot be read.",
    });
  }
  return { status, body };
}

/** The atomic way (see the module comment): the work commits the record with its own statements. */
async function atomic(c: Context<AppEnv>, next: () => Promise<void>, use: KeyUse): Promise<Response | undefined> {
  const ctx = contextOf(c);
  const found = await lookUpKey(ctx, use);
  if ("held" in found) return replay(c, found.held, use);
  c.set("idempotencyKey", found.free);
  await next();
  const status = c.res.status;
  if (c.error instanceof AppError && c.error.code === "IDEMPOTENCY_KEY_IN_USE") {
    // Another request with this key committed first (its batch won): answer as a retry would.
    const winner = await holdingRecord(ctx, use);
    if (!winner) return;
    const stored = await readable(c, winner, use);
    // The headers the earlier middleware set (request id, rate limits), not the refusal's own.
    const headers = new Headers(c.res.headers);
    for (const name of ["retry-after", "content-length"]) headers.delete(name);
    headers.set("content-type", "application/json");
    headers.set("Idempotent-Replayed", "true");
    c.res = undefined;
    c.res = new Response(stored.body, { status: stored.status, headers });
    return;
  }
  if (status >= 200 && status < 300) return; // stored by the work's commit
  if (status >= 500 || NOT_STORED.has(status)) {
    // A 5xx may follow a committed batch whose work was then undone (a refund): free the key.
    if (status >= 500) await forgetRecord(ctx, found.free);
    return;
  }
  await storeRefusal(ctx, { free: found.free, status, body: await c.res.clone().text() });
}

/**
 * On an atomic idempotent route, the Idempotency-Key record of the work's result, answered with
 * `status` and the body `render` gives: the route hands it to the use case, whose one commit
 * stores it with the work (RecordResult). No key, no record.
 */
export function idempotencyRecord<T>(
  c: Context<AppEnv>,
  status: number,
  render: (result: T) => unknown,
): RecordResult<T> | undefined {
  const free = c.get("idempotencyKey");
  return free && recordResultAs(contextOf(c), { free, status, render });
}
