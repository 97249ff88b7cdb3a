import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "../../src/errors";
import { registerUser } from "../support/factories";
import { type ApiResponse, api } from "../support/http";
import { servedOpenApiDocument } from "../support/openapi";

/**
 * Property: for every operation in the OpenAPI document, random and malformed
 * path parameters, query strings and bodies never produce a 5xx, and every
 * response is the envelope with a catalogue code.
 */
// Random inputs per operation, a fixed seed: every run replays the same cases.
const RUNS_PER_OPERATION = 25;
const CODES = new Set(Object.keys(ERROR_CATALOGUE));

const jsonish = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("", "{", "[", "null", "{}", '{"a":', "\u0000", `{"cue":${'"x"'.repeat(3)}}`),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2 })).map((d) => JSON.stringify(d)),
);
const pathParam = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("session_1", "webhook_1", "0", "-1", "..", "%00", "a/b", "session_99999999999999999999"),
);
const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "limit",
        "offset",
        "status",
        "sort_by",
        "order",
        "period",
        "start_date",
        "end_date",
        "tier",
        "session_type",
        fc.string({ maxLength: 8 }) as unknown as string,
      ),
      fc.string({ maxLength: 30 }),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [String(k), v])).toString());

function assertEnvelope(res: ApiResponse, label: string) {
  expect(res.status, `${label} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status === 101 || res.status === 204) return;
  const ct = res.headers.get("content-type") ?? "";
  if (!ct.includes("application/json")) return; // HTML pages (docs) are not enveloped
  expect(typeof res.body?.success, label).toBe("boolean");
  // biome-ignore-start lint/nursery/noConditionalExpect: a fuzz property: a refusal's envelope is checked for a catalogue code; a success has no error to check
  if (res.body.success === false) {
    expect(CODES.has(res.body.error.code), `${label}: unknown code ${res.body.error.code}`).toBe(true);
    expect(typeof res.body.error.request_id).toBe("string");
  }
  // biome-ignore-end lint/nursery/noConditionalExpect: a fuzz property: a refusal's envelope is checked for a catalogue code; a success has no error to check
}

// The operations, read from the served document before the tests are collected: one test each, so
// each test's time bound covers its own RUNS_PER_OPERATION requests, not the whole document's
// (one test over all ~3,000 requests outran any fixed bound on a loaded machine).
const operations: Array<{ method: string; path: string }> = [];
for (const [path, ops] of Object.entries<Record<string, unknown>>((await servedOpenApiDocument()).paths)) {
  // The authorization server (own `servers`, RFC formats) has its own fuzz suite.
  if (ops.servers) continue;
  for (const method of Object.keys(ops)) operations.push({ method: method.toUpperCase(), path });
}

describe("fuzzing every documented operation: never a 5xx, always the envelope", () => {
  let user: Promise<{ token: string }> | undefined;
  const fuzzer = () => {
    user ??= registerUser({ tier: "enterprise" });
    return user;
  };

  it("reads the operations from the served document", () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations)("$method $path", async (op) => {
    const { token } = await fuzzer();
    // Logging out would revoke the fuzzing user's token for the operations after it.
    const authOptions = op.path === "/auth/logout" ? [false] : [true, false];
    await fc.assert(
      fc.asyncProperty(
        pathParam,
        queryString,
        jsonish,
        fc.constantFrom(...authOptions),
        fc.constantFrom("application/json", "text/plain", ""),
        async (param, query, body, authed, contentType) => {
          const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
          const url = `/v1${path}${query ? `?${query}` : ""}`;
          const hasBody = !["GET", "HEAD"].includes(op.method);
          const res = await api(op.method, url, {
            ...(authed ? { token } : {}),
            ...(hasBody ? { raw: body, headers: contentType ? { "content-type": contentType } : {} } : {}),
          });
          assertEnvelope(res, `${op.method} ${url}`);
        },
      ),
      { numRuns: RUNS_PER_OPERATION, seed: 20261122 },
    );
  });
});
