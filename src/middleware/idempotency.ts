import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyRecord,
  releaseIdempotencyKey,
} from "../db/idempotency";
import { dataEncryptionKey } from "../domain/encryption/data-key";
import { open, seal } from "../domain/encryption/secret-box";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { iso } from "../lib/clock";
import { sha256Hex } from "../lib/crypto";
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
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
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

/** What a record's request hash covers: method, path and the canonical body. */
export function idempotencyRequestHash(method: string, path: string, body: string): Promise<string> {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${canonicalBody(body)}`);
}

export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    checkKey(key);
    const principal = await principalOf(c);
    const d1 = c.env.DB;
    const now = Date.now();
    const requestHash = await idempotencyRequestHash(c.req.method, c.req.path, await c.req.text());
    const associated = `idempotency:${principal.userId}:${key}`;

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
      if (!existing) throw new AppError("IDEMPOTENCY_KEY_IN_USE", { headers: { "Retry-After": "1" } }); // released between our two reads
      if (existing.requestHash !== requestHash)
        throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details: { field: "Idempotency-Key", location: "header" } });
      if (existing.status !== "completed")
        throw new AppError("IDEMPOTENCY_KEY_IN_USE", { headers: { "Retry-After": "1" } });
      const body = await open(await dataEncryptionKey(c.env), existing.responseBody ?? "", associated);
      if (body === null) {
        // Sealed under a data key this isolate no longer has: we cannot replay, and must not redo the work.
        console.error(JSON.stringify({ request_id: c.get("requestId"), error: "idempotency record unreadable" }));
        throw new AppError("SERVICE_UNAVAILABLE", {
          message: "The stored response for this Idempotency-Key cannot be read.",
        });
      }
      c.header("Idempotent-Replayed", "true");
      return c.body(body, (existing.responseStatus ?? 200) as 200, { "content-type": "application/json" });
    }

    try {
      await next();
    } finally {
      // `next` renders thrown errors into c.res (Hono's compose), so this sees every outcome.
      const status = c.res.status;
      if (status >= 500 || NOT_STORED.has(status)) {
        await releaseIdempotencyKey(d1, principal.userId, key);
      } else {
        const sealed = await seal(await dataEncryptionKey(c.env), await c.res.clone().text(), associated);
        await completeIdempotencyKey(d1, principal.userId, key, status, sealed);
      }
    }
  };
}

/** JSON bodies compare by value (key order and whitespace do not matter); anything else byte for byte. */
function canonicalBody(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
