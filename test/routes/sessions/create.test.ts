import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ledgerReference } from "../../../src/db/credits";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { balance, validSession } from "../../support/sessions";

describe("POST /v1/sessions", () => {
  it("creates a pending session, debits its price and returns the creation fields", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/sessions", { token: u.token, body: validSession() });
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s.id).toMatch(/^session_\d+$/);
    expect(s.status).toBe("pending");
    // remote_viewing 10 + 1 started minute of 60 s.
    expect(s.credits_required).toBe(11);
    expect(s.parameters).toEqual({
      duration: 60,
      confidence_threshold: 0.5,
      analysis_types: ["visual"],
      priority: "normal",
    });
    expect(s.websocket_url).toBe(`ws://127.0.0.1:8787/v1/ws/${s.id}`);
    // ANALYSIS_TIME_SCALE is 0.001 in tests: 60 s → 60 ms.
    expect(Date.parse(s.estimated_completion) - Date.parse(s.created_at)).toBe(60);
    expect(await balance(u.token)).toBe(89);
    const ledger = await env.DB.prepare(
      `SELECT delta, reason FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} = ?`,
    )
      .bind(s.id)
      .all();
    expect(ledger.results).toEqual([{ delta: -11, reason: "session_debit" }]);
  });

  it("applies documented defaults and prices extra analysis types", async () => {
    const u = await registerUser();
    const res = await api("POST", "/v1/sessions", {
      token: u.token,
      body: { cue: "  where?  ", session_type: "dowsing" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.cue).toBe("where?");
    expect(res.body.data.parameters).toEqual({
      duration: 300,
      confidence_threshold: 0.5,
      analysis_types: ["visual"],
      priority: "normal",
    });
    expect(res.body.data.credits_required).toBe(5 + 5);
    const multi = await api("POST", "/v1/sessions", {
      token: u.token,
      body: validSession({
        session_type: "precognition",
        parameters: { duration: 61, analysis_types: ["visual", "spatial", "temporal"] },
      }),
    });
    expect(multi.body.data.credits_required).toBe(15 + 2 + 4);
  });

  it("uses wss:// behind https", async () => {
    const u = await registerUser();
    const { exports } = await import("cloudflare:workers");
    const res = await exports.default.fetch(
      new Request("https://api.example.test/v1/sessions", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify(validSession()),
      }),
    );
    const body = (await res.json()) as any;
    expect(body.data.websocket_url).toBe(`wss://api.example.test/v1/ws/${body.data.id}`);
  });

  const matrix: [string, Record<string, unknown>, string, string][] = [
    ["missing cue", { cue: undefined }, "MISSING_REQUIRED_FIELD", "cue"],
    ["blank cue", { cue: "   " }, "INVALID_FIELD_VALUE", "cue"],
    ["cue too long", { cue: "x".repeat(2001) }, "FIELD_TOO_LONG", "cue"],
    // The document's maxLength is the cue as sent: spaces around it count.
    ["cue too long with spaces around", { cue: ` ${"x".repeat(1999)} ` }, "FIELD_TOO_LONG", "cue"],
    ["cue not a string", { cue: 42 }, "INVALID_FIELD_VALUE", "cue"],
    ["missing session_type", { session_type: undefined }, "MISSING_REQUIRED_FIELD", "session_type"],
    ["unknown session_type", { session_type: "telepathy" }, "INVALID_FIELD_VALUE", "session_type"],
    ["duration too short", { parameters: { duration: 29 } }, "INVALID_FIELD_VALUE", "parameters.duration"],
    ["duration too long", { parameters: { duration: 3601 } }, "INVALID_FIELD_VALUE", "parameters.duration"],
    ["duration not an integer", { parameters: { duration: 60.5 } }, "INVALID_FIELD_VALUE", "parameters.duration"],
    ["duration as string", { parameters: { duration: "60" } }, "INVALID_FIELD_VALUE", "parameters.duration"],
    [
      "threshold above 1",
      { parameters: { confidence_threshold: 1.5 } },
      "INVALID_FIELD_VALUE",
      "parameters.confidence_threshold",
    ],
    [
      "threshold below 0",
      { parameters: { confidence_threshold: -0.1 } },
      "INVALID_FIELD_VALUE",
      "parameters.confidence_threshold",
    ],
    [
      "unknown analysis type",
      { parameters: { analysis_types: ["audio"] } },
      "INVALID_FIELD_VALUE",
      "parameters.analysis_types.0",
    ],
    [
      "empty analysis types",
      { parameters: { analysis_types: [] } },
      "INVALID_FIELD_VALUE",
      "parameters.analysis_types",
    ],
    [
      "repeated analysis type",
      { parameters: { analysis_types: ["visual", "visual"] } },
      "INVALID_FIELD_VALUE",
      "parameters.analysis_types",
    ],
    ["unknown priority", { parameters: { priority: "urgent" } }, "INVALID_FIELD_VALUE", "parameters.priority"],
    ["parameters not an object", { parameters: "fast" }, "INVALID_FIELD_VALUE", "parameters"],
    [
      "too many tags",
      { metadata: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } },
      "FIELD_TOO_LONG",
      "metadata.tags",
    ],
    ["tag too long", { metadata: { tags: ["x".repeat(51)] } }, "FIELD_TOO_LONG", "metadata.tags.0"],
    ["blank tag", { metadata: { tags: ["a", "\t \u3000"] } }, "INVALID_FIELD_VALUE", "metadata.tags.1"],
    ["case_id too long", { metadata: { case_id: "x".repeat(101) } }, "FIELD_TOO_LONG", "metadata.case_id"],
    ["tags not an array", { metadata: { tags: "a,b" } }, "INVALID_FIELD_VALUE", "metadata.tags"],
  ];

  it.each(matrix)("%s → 422 %s naming %s", async (_name, override, code, field) => {
    const u = await registerUser();
    const res = await api("POST", "/v1/sessions", { token: u.token, body: validSession(override) });
    const err = expectErrorEnvelope(res, 422, code);
    expect(err.details.field).toBe(field);
    expect(await balance(u.token)).toBe(100);
  });

  it("malformed JSON → 400, no credential → 401", async () => {
    const u = await registerUser();
    expectErrorEnvelope(
      await api("POST", "/v1/sessions", { token: u.token, raw: "{", headers: { "content-type": "application/json" } }),
      400,
      "INVALID_REQUEST_BODY",
    );
    expectErrorEnvelope(await api("POST", "/v1/sessions", { body: validSession() }), 401, "AUTHENTICATION_REQUIRED");
  });

  it("not enough credits → 409 INSUFFICIENT_CREDITS with required and available", async () => {
    const u = await registerUser();
    // 15 + 60 minutes + 4 = 79 credits; the second no longer fits in 100.
    const big = validSession({
      session_type: "precognition",
      parameters: { duration: 3600, analysis_types: ["visual", "spatial", "temporal"] },
    });
    expect((await api("POST", "/v1/sessions", { token: u.token, body: big })).status).toBe(201);
    const err = expectErrorEnvelope(
      await api("POST", "/v1/sessions", { token: u.token, body: big }),
      409,
      "INSUFFICIENT_CREDITS",
    );
    expect(err.details).toEqual({ required: 79, available: 21 });
    expect(await balance(u.token)).toBe(21);
  });

  it("20 concurrent creations against credits for exactly 5 leave 5 sessions and a zero balance", async () => {
    const u = await registerUser();
    // remote_viewing 10 + 10 minutes = 20 credits; 100 / 20 = 5.
    const body = validSession({ parameters: { duration: 600 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/v1/sessions", { token: u.token, body })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error.code).toBe("INSUFFICIENT_CREDITS");
    expect(await balance(u.token)).toBe(0);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?")
      .bind(u.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(5);
    const ledger = await env.DB.prepare(
      "SELECT SUM(delta) AS total, COUNT(*) AS n FROM credit_ledger WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?) AND reason = 'session_debit'",
    )
      .bind(u.id)
      .first<{ total: number; n: number }>();
    expect(ledger).toEqual({ total: -100, n: 5 });
  });
});
