import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../support/factories";
import { api, appAt, expectErrorEnvelope, startOfMinuteWindow } from "../support/http";
import { validSession } from "../support/sessions";

/**
 * API4:2023 Unrestricted Resource Consumption.
 * Attacks: oversized bodies, huge pages, over-long strings and arrays,
 * unlimited object creation (webhooks, concurrent sessions), request floods.
 * Expected: 413 PAYLOAD_TOO_LARGE before parsing; 422 (FIELD_TOO_LONG /
 * INVALID_FIELD_VALUE) naming the field; 409 WEBHOOK_LIMIT_REACHED at 20;
 * 429 with Retry-After for floods. Tier limits and concurrency caps in
 * depth: test/middleware/rate-limit.test.ts; concurrent-session caps by tier
 * (429 at 5/50/500 pending+processing): test/sessions/concurrency-cap.test.ts.
 */
describe("API4 unrestricted resource consumption", async () => {
  const u = await registerUser();

  it("a body over 64 KiB → 413 before parsing, on every body-taking route kind", async () => {
    const big = JSON.stringify({ cue: "x".repeat(70 * 1024), session_type: "remote_viewing" });
    for (const path of ["/v1/sessions", "/v1/webhooks", "/v1/auth/login", "/v1/api-keys"]) {
      const res = await api("POST", path, {
        token: u.token,
        raw: big,
        headers: { "content-type": "application/json" },
      });
      expectErrorEnvelope(res, 413, "PAYLOAD_TOO_LARGE");
    }
  });

  it.each([
    ["/v1/sessions?limit=101"],
    ["/v1/billing/history?limit=101"],
    ["/v1/sessions?limit=0"],
    ["/v1/sessions?offset=-1"],
    ["/v1/sessions?offset=1000001"],
    ["/v1/sessions?limit=1e9"],
  ])("page bounds: GET %s → 422", async (path) => {
    expectErrorEnvelope(await api("GET", path, { token: u.token }), 422, "INVALID_FIELD_VALUE");
  });

  it("webhook delivery pages are capped at 100, as every list's", async () => {
    const hook = await api("POST", "/v1/webhooks", {
      token: u.token,
      body: { url: "https://hooks.example.com/p", events: ["session.completed"], active: false },
    });
    expectErrorEnvelope(
      await api("GET", `/v1/webhooks/${hook.body.data.id}/deliveries?limit=101`, { token: u.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
    await api("DELETE", `/v1/webhooks/${hook.body.data.id}`, { token: u.token });
  });

  const tooLong: Array<[string, string, Record<string, unknown>, string]> = [
    ["cue over 2,000 characters", "/v1/sessions", validSession({ cue: "x".repeat(2001) }), "cue"],
    [
      "21 tags",
      "/v1/sessions",
      validSession({ metadata: { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) } }),
      "metadata.tags",
    ],
    ["a 51-character tag", "/v1/sessions", validSession({ metadata: { tags: ["x".repeat(51)] } }), "metadata.tags.0"],
    ["case_id over 100", "/v1/sessions", validSession({ metadata: { case_id: "x".repeat(101) } }), "metadata.case_id"],
    [
      "webhook url over 2,048",
      "/v1/webhooks",
      { url: `https://hooks.example.com/${"x".repeat(2048)}`, events: ["session.completed"] },
      "url",
    ],
    [
      "webhook description over 500",
      "/v1/webhooks",
      { url: "https://hooks.example.com/d", events: ["session.completed"], description: "x".repeat(501) },
      "description",
    ],
    ["api key name over 100", "/v1/api-keys", { name: "x".repeat(101), scopes: ["profile"] }, "name"],
    [
      "api key with more scopes than exist",
      "/v1/api-keys",
      { name: "k", scopes: Array.from({ length: 40 }, () => "profile") },
      "scopes",
    ],
    [
      "oauth client with 11 redirect URIs",
      "/v1/oauth/clients",
      {
        name: "c",
        client_type: "confidential",
        redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example/cb${i}`),
        grant_types: ["authorization_code"],
        scopes: ["profile"],
      },
      "redirect_uris",
    ],
    [
      "oauth client with more scopes than exist",
      "/v1/oauth/clients",
      {
        name: "c",
        client_type: "confidential",
        redirect_uris: ["https://app.example/cb"],
        grant_types: ["authorization_code"],
        scopes: Array.from({ length: 40 }, () => "profile"),
      },
      "scopes",
    ],
    [
      "oauth client with repeated grant types",
      "/v1/oauth/clients",
      {
        name: "c",
        client_type: "confidential",
        redirect_uris: ["https://app.example/cb"],
        grant_types: Array.from({ length: 4 }, () => "authorization_code"),
        scopes: ["profile"],
      },
      "grant_types",
    ],
    ["username over 32", "/v1/users/me", { username: "x".repeat(33) }, "username"],
  ];

  it.each(tooLong)("%s → 422 FIELD_TOO_LONG on %s", async (_name, path, body, field) => {
    const res = await api(path === "/v1/users/me" ? "PUT" : "POST", path, { token: u.token, body });
    const err = expectErrorEnvelope(res, 422, "FIELD_TOO_LONG");
    expect(err.details.field).toBe(field);
  });

  it("at most 20 webhooks per user, even when creations race", async () => {
    const v = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 26 }, (_, i) =>
        api("POST", "/v1/webhooks", {
          token: v.token,
          body: { url: `https://hooks.example.com/${i}`, events: ["session.completed"], active: false },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    for (const r of results.filter((r) => r.status !== 201)) expectErrorEnvelope(r, 409, "WEBHOOK_LIMIT_REACHED");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM webhooks WHERE user_id = ?").bind(v.id).first("n")).toBe(20);
  });

  it("a flood of anonymous requests from one address → 429 with Retry-After and RateLimit fields", async () => {
    const ip = "203.0.113.150";
    // The limiter's clock pinned inside one minute window: a rollover mid-flood would refill it.
    const app = appAt(startOfMinuteWindow());
    const responses: Array<Awaited<ReturnType<typeof api>>> = [];
    while (responses.length < 70 && responses.at(-1)?.status !== 429)
      responses.push(await app.api("GET", "/v1/billing/packages", { headers: { "cf-connecting-ip": ip } }));
    const refused = responses.at(-1);
    expect(responses.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expectErrorEnvelope(refused!, 429, "RATE_LIMIT_EXCEEDED");
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.headers.get("ratelimit")).toMatch(/"minute";r=0/);
  });
});
