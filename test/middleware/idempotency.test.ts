import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { idempotencyRequestHash } from "../../src/domain/idempotency/keys";
import { addCard } from "../support/billing";
import { registerUser, type TestUser } from "../support/factories";
import { unreachableScheduler } from "../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../support/http";
import { validSession } from "../support/sessions";

/**
 * Idempotency-Key on every operation that creates or charges. One table, the same
 * checks for each: replay without a second effect, mismatch, in-flight,
 * per-principal scope, validation failures store nothing, key length, retention.
 */
interface Case {
  name: string;
  path: string;
  /** A valid body for this user (may create prerequisites). */
  body(u: TestUser): Promise<Record<string, unknown>>;
  /** A different valid body. */
  other(u: TestUser): Promise<Record<string, unknown>>;
  /** A body the schema refuses with 422. */
  invalid: Record<string, unknown>;
  /** How many times the work was done for this user (rows created). */
  effects(u: TestUser): Promise<number>;
  /** A secret the first response carries only once, if any. */
  secretOf?(body: any): string;
}

const count = async (sql: string, userId: string) => (await env.DB.prepare(sql).bind(userId).first<{ n: number }>())!.n;

const CASES: Case[] = [
  {
    name: "POST /v1/sessions",
    path: "/v1/sessions",
    body: async () => validSession({ parameters: { duration: 300 } }),
    other: async () => validSession({ cue: "Another target entirely", parameters: { duration: 300 } }),
    invalid: { session_type: "remote_viewing" },
    effects: (u) => count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", u.id),
  },
  {
    name: "POST /v1/billing/credits/purchase",
    path: "/v1/billing/credits/purchase",
    body: async (u) => ({ credit_package: "starter", payment_method_id: await addCard(u.token) }),
    other: async (u) => ({ credit_package: "standard", payment_method_id: await addCard(u.token) }),
    invalid: { credit_package: "no-such-package" },
    effects: (u) =>
      count(
        "SELECT COUNT(*) AS n FROM transactions WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?)",
        u.id,
      ),
  },
  {
    name: "POST /v1/webhooks",
    path: "/v1/webhooks",
    body: async () => ({ url: "https://hooks.example.com/idem", events: ["session.completed"] }),
    other: async () => ({ url: "https://hooks.example.com/other", events: ["session.completed"] }),
    invalid: { url: "ftp://hooks.example.com/x", events: ["session.completed"] },
    effects: (u) => count("SELECT COUNT(*) AS n FROM webhooks WHERE user_id = ?", u.id),
    secretOf: (b) => b.data.secret,
  },
  {
    name: "POST /v1/api-keys",
    path: "/v1/api-keys",
    body: async () => ({ name: "ci", scopes: ["profile"] }),
    other: async () => ({ name: "ci", scopes: ["analytics:read"] }),
    invalid: { name: "ci", scopes: ["no:such-scope"] },
    effects: (u) => count("SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?", u.id),
    secretOf: (b) => b.data.key,
  },
];

const post = (u: TestUser, path: string, body: unknown, key?: string) =>
  api("POST", path, { token: u.token, body, headers: key === undefined ? {} : { "Idempotency-Key": key } });

describe.each(CASES)("Idempotency-Key on $name", (c) => {
  it("a replay returns the first status and body and does not do the work again", async () => {
    const u = await registerUser();
    const body = await c.body(u);
    const credits = (await api("GET", "/v1/users/me", { token: u.token })).body.data.credits;
    const first = await post(u, c.path, body, "replay-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    // Key order does not matter: the body is compared by value.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post(u, c.path, reordered, "replay-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await c.effects(u)).toBe(1);
    // Credits moved once at most (sessions debit, purchases credit: never twice).
    const after = (await api("GET", "/v1/users/me", { token: u.token })).body.data.credits;
    const once = after - credits;
    const third = await post(u, c.path, body, "replay-1");
    expect(third.body).toEqual(first.body);
    expect((await api("GET", "/v1/users/me", { token: u.token })).body.data.credits - credits).toBe(once);
  });

  it("without a key, the same request is done twice (the header is what makes it idempotent)", async () => {
    const u = await registerUser();
    const body = await c.body(u);
    expect((await post(u, c.path, body)).status).toBe(201);
    expect((await post(u, c.path, body)).status).toBe(201);
    expect(await c.effects(u)).toBe(2);
  });

  it("the same key with a different body → 422 IDEMPOTENCY_KEY_MISMATCH, nothing done", async () => {
    const u = await registerUser();
    expect((await post(u, c.path, await c.body(u), "mismatch-1")).status).toBe(201);
    const err = expectErrorEnvelope(
      await post(u, c.path, await c.other(u), "mismatch-1"),
      422,
      "IDEMPOTENCY_KEY_MISMATCH",
    );
    expect(err.details.field).toBe("Idempotency-Key");
    expect(await c.effects(u)).toBe(1);
  });

  it("a replay while the first request is still running → 409 IDEMPOTENCY_KEY_IN_USE, nothing done", async () => {
    const u = await registerUser();
    const body = await c.body(u);
    // The first request holds the key (as the middleware records it when it starts).
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (owner_id, key, request_hash, status, created_at, locked_until, expires_at) VALUES (?, 'running-1', ?, 'in_progress', ?, ?, ?)",
    )
      .bind(
        u.id,
        await idempotencyRequestHash({ method: "POST", path: c.path, body: JSON.stringify(body) }),
        new Date(now).toISOString(),
        new Date(now + 60_000).toISOString(),
        new Date(now + 86_400_000).toISOString(),
      )
      .run();
    const res = await post(u, c.path, body, "running-1");
    expectErrorEnvelope(res, 409, "IDEMPOTENCY_KEY_IN_USE");
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await c.effects(u)).toBe(0);
  });

  it("concurrent requests with one key do the work once", async () => {
    const u = await registerUser();
    const body = await c.body(u);
    const results = await Promise.all(Array.from({ length: 4 }, () => post(u, c.path, body, "race-1")));
    expect(results.map((r) => r.status).every((s) => s === 201 || s === 409)).toBe(true);
    expect(results.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await c.effects(u)).toBe(1);
  });

  it("keys are scoped to the principal: another user's identical key and body is independent", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const ra = await post(a, c.path, await c.body(a), "shared-key");
    const rb = await post(b, c.path, await c.body(b), "shared-key");
    expect(ra.status).toBe(201);
    expect(rb.status).toBe(201);
    expect(rb.headers.get("idempotent-replayed")).toBeNull();
    expect(rb.body.data).not.toEqual(ra.body.data);
    expect(await c.effects(a)).toBe(1);
    expect(await c.effects(b)).toBe(1);
  });

  it("a failed validation stores nothing: the client fixes the body and reuses the key", async () => {
    const u = await registerUser();
    const bad = await post(u, c.path, c.invalid, "fix-me");
    expect(bad.status).toBe(422);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE owner_id = ?").bind(u.id).first("n"),
    ).toBe(0);
    const good = await post(u, c.path, await c.body(u), "fix-me");
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
    expect(await c.effects(u)).toBe(1);
  });

  it("keys up to 255 characters; longer → 422 FIELD_TOO_LONG naming the header; non-printable → 422", async () => {
    const u = await registerUser();
    expect((await post(u, c.path, await c.body(u), "k".repeat(255))).status).toBe(201);
    const long = expectErrorEnvelope(await post(u, c.path, await c.other(u), "k".repeat(256)), 422, "FIELD_TOO_LONG");
    expect(long.details).toMatchObject({ field: "Idempotency-Key", location: "header" });
    expect(long.message).toContain("Idempotency-Key");
    const odd = expectErrorEnvelope(await post(u, c.path, await c.other(u), "has space"), 422, "INVALID_FIELD_VALUE");
    expect(odd.details.field).toBe("Idempotency-Key");
    expect(await c.effects(u)).toBe(1);
  });

  it("is kept at least 24 hours, and the stored response is sealed (no secret in D1)", async () => {
    const u = await registerUser();
    const first = await post(u, c.path, await c.body(u), "kept-1");
    const row = await env.DB.prepare(
      "SELECT created_at, expires_at, response_body FROM idempotency_keys WHERE owner_id = ? AND key = 'kept-1'",
    )
      .bind(u.id)
      .first<{ created_at: string; expires_at: string; response_body: string }>();
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(row!.response_body).toMatch(/^v1\./);
    expect(row!.response_body).not.toContain(first.body.data.id);
    // A case without a secret of its own checks the created id again (above).
    expect(row!.response_body).not.toContain((c.secretOf ?? ((b) => b.data.id))(first.body));
  });
});

describe("Idempotency-Key: expiry and documentation", () => {
  it("after expiry the key may be used again for new work", async () => {
    const u = await registerUser();
    const body = { name: "old", scopes: ["profile"] };
    expect((await post(u, "/v1/api-keys", body, "expiring")).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE owner_id = ? AND key = 'expiring'")
      .bind(new Date(Date.now() - 1000).toISOString(), u.id)
      .run();
    const again = await post(u, "/v1/api-keys", { name: "new", scopes: ["profile"] }, "expiring");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?", u.id)).toBe(2);
  });

  it("the six operations document the Idempotency-Key header parameter and its errors; no other operation does", async () => {
    const res = await api("GET", "/v1/openapi.json");
    expect(res.status, res.text.slice(0, 500)).toBe(200);
    const doc = res.body;
    const documented: string[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const param = (op.parameters ?? []).find(
          (p: any) => p.in === "header" && p.name.toLowerCase() === "idempotency-key",
        );
        if (!param) continue;
        documented.push(`${method.toUpperCase()} ${path}`);
        expect(param.schema.maxLength).toBe(255);
        expect(param.required ?? false).toBe(false);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["409", "422"]));
        expect(JSON.stringify(op.responses["422"])).toContain("IDEMPOTENCY_KEY_MISMATCH");
        expect(JSON.stringify(op.responses["409"])).toContain("IDEMPOTENCY_KEY_IN_USE");
      }
    }
    expect(documented.sort()).toEqual([
      "POST /api-keys",
      "POST /billing/credits/purchase",
      "POST /organizations/{organization_id}/billing/credits/purchase",
      "POST /sessions",
      "POST /webhooks",
      "POST /webhooks/{webhook_id}/rotate-secret",
    ]);
  });
});

describe("Idempotency-Key on POST /v1/sessions: the record commits in the creation's batch", () => {
  const big = validSession({
    session_type: "precognition",
    parameters: { duration: 3600, analysis_types: ["visual", "spatial", "temporal"] },
  });
  const sessionsOf = (u: TestUser) => count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", u.id);
  const credits = async (u: TestUser) => (await api("GET", "/v1/users/me", { token: u.token })).body.data.credits;

  it("concurrent duplicates: one session, one debit, and every response is the first one, byte for byte", async () => {
    const u = await registerUser();
    const before = await credits(u);
    const body = validSession({ parameters: { duration: 300 } });
    const results = await Promise.all(Array.from({ length: 4 }, () => post(u, "/v1/sessions", body, "dup-race")));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await sessionsOf(u)).toBe(1);
    expect(before - (await credits(u))).toBe(results[0]!.body.data.credits_required);
  });

  it("a refusal the work ends in (409 INSUFFICIENT_CREDITS) is stored and replayed; nothing is debited", async () => {
    const u = await registerUser();
    expect((await post(u, "/v1/sessions", big)).status).toBe(201);
    const before = await credits(u);
    const refused = await post(u, "/v1/sessions", big, "too-dear");
    expectErrorEnvelope(refused, 409, "INSUFFICIENT_CREDITS");
    const again = await post(u, "/v1/sessions", big, "too-dear");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(refused.text);
    expect(await credits(u)).toBe(before);
    expect(await sessionsOf(u)).toBe(1);
  });

  it("a creation undone after its batch (its scheduler unreachable: 503, refunded) frees the key for a retry", async () => {
    const u = await registerUser();
    const body = validSession({ parameters: { duration: 300 } });
    const request = { token: u.token, body, headers: { "Idempotency-Key": "undone" } };
    const failed = await apiWithEnv({ SESSION_SCHEDULER: unreachableScheduler }, "POST", "/v1/sessions", request);
    expectErrorEnvelope(failed, 503, "SERVICE_UNAVAILABLE");
    const retry = await api("POST", "/v1/sessions", request);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(retry.body.data.id).not.toBe(failed.body.error.details.session_id);
  });

  it("an expired record is replaced in the new creation's batch", async () => {
    const u = await registerUser();
    const body = validSession({ parameters: { duration: 300 } });
    const first = await post(u, "/v1/sessions", body, "old-key");
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE owner_id = ? AND key = 'old-key'")
      .bind(new Date(Date.now() - 1000).toISOString(), u.id)
      .run();
    const second = await post(u, "/v1/sessions", body, "old-key");
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.data.id).not.toBe(first.body.data.id);
    const replay = await post(u, "/v1/sessions", body, "old-key");
    expect(replay.text).toBe(second.text);
    expect(await sessionsOf(u)).toBe(2);
  });
});
