import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../http/errors";
import { afterResponse } from "../lib/background";
import { iso } from "../lib/clock";
import { sha256Hex } from "../lib/crypto";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findIdempotencyRecord,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
} from "../db/idempotency";
import { principalOf } from "./authenticate";

/**
 * `Idempotency-Key` for POST routes (draft-ietf-httpapi-idempotency-key-header,
 * Stripe's semantics). Generic: it knows nothing of the route it guards.
 *
 * - Keys are per principal (user), 1–255 printable ASCII characters, kept 24 h.
 * - A retry with the same key and the same request replays the stored
 *   response (status and body) with `Idempotent-Replayed: true`; the handler
 *   does not run again.
 * - Same key, different request (method, path or body) → 422 IDEMPOTENCY_KEY_MISMATCH.
 * - Same key while the first request still runs → 409 IDEMPOTENCY_KEY_IN_USE.
 * - Responses with status ≥ 500 are not stored: the key is released so the
 *   client can retry the operation (our handlers fail before side effects or
 *   are themselves safe to repeat when they return 5xx).
 * Must run after authentication (route middleware order does that).
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
const LOCK_MS = 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function idempotent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      throw new AppError("INVALID_FIELD_VALUE", {
        message: "Idempotency-Key: must be 1 to 255 printable ASCII characters",
        details: { field: "Idempotency-Key", reason: "must be 1 to 255 printable ASCII characters", location: "header" },
      });
    }
    const principal = await principalOf(c);
    const d1 = c.env.DB;
    const now = Date.now();
    const requestHash = await sha256Hex(`${c.req.method} ${c.req.path}\n${canonicalBody(await c.req.text())}`);

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
      if (!existing) throw new AppError("IDEMPOTENCY_KEY_IN_USE"); // released between our two reads: let the client retry
      if (existing.requestHash !== requestHash) throw new AppError("IDEMPOTENCY_KEY_MISMATCH", { details: { field: "Idempotency-Key", location: "header" } });
      if (existing.status !== "completed") throw new AppError("IDEMPOTENCY_KEY_IN_USE", { headers: { "Retry-After": "1" } });
      c.header("Idempotent-Replayed", "true");
      return c.body(existing.responseBody ?? "", (existing.responseStatus ?? 200) as 200, { "content-type": "application/json" });
    }

    await next();
    if (c.res.status >= 500) {
      await releaseIdempotencyKey(d1, principal.userId, key);
    } else {
      await completeIdempotencyKey(d1, principal.userId, key, c.res.status, await c.res.clone().text());
    }
    await afterResponse(c, purgeExpiredIdempotencyKeys(d1, iso(now)).catch(() => undefined));
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
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}
