import type { IdempotencyRecord } from "../../db/idempotency";
import { sha256Hex } from "../../lib/crypto";

/**
 * What an idempotency key means, wherever a client sends one (the Idempotency-Key header,
 * src/middleware/idempotency.ts; the MCP create_session tool's `idempotency_key`,
 * src/mcp/create-once.ts): draft-ietf-httpapi-idempotency-key-header, Stripe's semantics.
 * Keys are per principal, 1–255 printable ASCII characters, kept 24 hours.
 */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** What a record's request hash covers: method, path and the canonical body. */
export function idempotencyRequestHash(request: { method: string; path: string; body: string }): Promise<string> {
  return sha256Hex(`${request.method.toUpperCase()} ${request.path}\n${canonicalBody(request.body)}`);
}

/** Whether a record still holds its key at `now` (ISO): not expired, and not an in-progress lock that lapsed. */
export const holds = (r: IdempotencyRecord, now: string) =>
  r.expiresAt > now && (r.status === "completed" || r.lockedUntil > now);

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
