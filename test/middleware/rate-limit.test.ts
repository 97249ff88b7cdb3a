import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { KvRateLimitStore } from "../../src/adapters/rate-limit/kv";
import { AUTH_THROTTLE, DOCUMENTED_LIMITS, tierWindows } from "../../src/domain/limits/policies";
import { utcDate } from "../../src/lib/clock";
import { PASSWORD, registerUser, uniqueEmail } from "../support/factories";
import { api, appAt, BASE, expectErrorEnvelope, startOfMinuteWindow } from "../support/http";
import { mintToken } from "../support/tokens";

const noWait = () => undefined;

/**
 * Fixed windows roll over on the minute: bursts run against the app with its
 * rate-limit clock pinned one second into a window, so a rollover cannot
 * refill the budget mid-test.
 */
const pinned = () => appAt(startOfMinuteWindow());

describe("tier rate limits on /v1", () => {
  it("every /v1 response carries RateLimit-Policy and RateLimit for the caller's tier", async () => {
    const u = await registerUser();
    const ok = await api("GET", "/v1/users/me", { token: u.token });
    expect(ok.headers.get("ratelimit-policy")).toBe('"minute";q=100;w=60, "day";q=1000;w=86400');
    expect(ok.headers.get("ratelimit")).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
    const notFound = await api("GET", "/v1/nope", { token: u.token });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("ratelimit-policy")).toContain('"minute";q=100');
    const anonymous = await api("GET", "/v1/users/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-policy")).toBe('"minute";q=60;w=60, "day";q=2000;w=86400');
  });

  it("professional and enterprise principals get their tier's figures", async () => {
    const pro = await registerUser({ tier: "professional" });
    const ent = await registerUser({ tier: "enterprise" });
    expect((await api("GET", "/v1/users/me", { token: pro.token })).headers.get("ratelimit-policy")).toBe(
      '"minute";q=1000;w=60, "day";q=10000;w=86400',
    );
    expect((await api("GET", "/v1/users/me", { token: ent.token })).headers.get("ratelimit-policy")).toBe(
      '"minute";q=10000;w=60, "day";q=100000;w=86400',
    );
  });

  it("the remaining count goes down by one per request", async () => {
    // Pinned: two requests either side of a minute's rollover would each be a window's first.
    const app = pinned();
    const u = await registerUser();
    const r1 = (await app.api("GET", "/v1/users/me", { token: u.token })).headers.get("ratelimit")!;
    const r2 = (await app.api("GET", "/v1/users/me", { token: u.token })).headers.get("ratelimit")!;
    const remaining = (h: string) => Number(/"minute";r=(\d+)/.exec(h)![1]);
    expect(remaining(r1) - remaining(r2)).toBe(1);
  });

  it("over the minute limit → 429 with Retry-After, and the request does nothing", async () => {
    const app = pinned();
    const u = await registerUser();
    for (let i = 0; i < 100; i++) {
      const res = await app.api("GET", "/v1/users/me", { token: u.token });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const blocked = await app.api("PUT", "/v1/users/me", { token: u.token, body: { username: "should_not_apply" } });
    const err = expectErrorEnvelope(blocked, 429, "RATE_LIMIT_EXCEEDED");
    const retryAfter = Number(blocked.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(err.details.retry_after).toBe(retryAfter);
    expect(blocked.headers.get("ratelimit")).toContain('"minute";r=0');
    const row = await env.DB.prepare("SELECT username FROM users WHERE id = ?")
      .bind(u.id)
      .first<{ username: string }>();
    expect(row?.username).toBe("tester");
  });

  it("a concurrent burst over the limit lets through exactly the limit on one instance (no slack)", async () => {
    const app = pinned();
    const u = await registerUser();
    const results = await Promise.all(
      Array.from({ length: 140 }, () => app.api("GET", "/v1/users/me", { token: u.token })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it("limits are per principal: one user's exhaustion does not touch another's", async () => {
    const app = pinned();
    const a = await registerUser();
    const b = await registerUser();
    await Promise.all(Array.from({ length: 101 }, () => app.api("GET", "/v1/users/me", { token: a.token })));
    expect((await app.api("GET", "/v1/users/me", { token: a.token })).status).toBe(429);
    expect((await app.api("GET", "/v1/users/me", { token: b.token })).status).toBe(200);
  });

  it("tokens of one user share the user's budget", async () => {
    const app = pinned();
    const u = await registerUser();
    const other = await mintToken(u.id, { scopes: ["profile"] });
    await Promise.all(Array.from({ length: 100 }, () => app.api("GET", "/v1/users/me", { token: u.token })));
    expect((await app.api("GET", "/v1/users/me", { token: other })).status).toBe(429);
  });
});

describe("who is counted: authentication runs before the limit", () => {
  it("an unauthenticated flood is limited by its address; another address is not", async () => {
    const app = pinned();
    const flood = { headers: { "cf-connecting-ip": "198.51.100.20" } };
    for (let i = 0; i < 60; i++) expect((await app.api("GET", "/v1/users/me", flood)).status).toBe(401);
    expectErrorEnvelope(await app.api("GET", "/v1/users/me", flood), 429, "RATE_LIMIT_EXCEEDED");
    const other = await app.api("GET", "/v1/users/me", { headers: { "cf-connecting-ip": "198.51.100.21" } });
    expect(other.status).toBe(401);
  });

  it("a flood with a bad token is counted against its address, like one without", async () => {
    const app = pinned();
    const flood = { token: "not-a-token", headers: { "cf-connecting-ip": "198.51.100.22" } };
    for (let i = 0; i < 60; i++) expect((await app.api("GET", "/v1/users/me", flood)).status).toBe(401);
    expectErrorEnvelope(await app.api("GET", "/v1/users/me", flood), 429, "RATE_LIMIT_EXCEEDED");
  });

  it("an authenticated flood is counted against its principal, not its address's anonymous budget", async () => {
    const app = pinned();
    const u = await registerUser();
    const ip = "198.51.100.23";
    for (let i = 0; i < 70; i++)
      expect(
        (await app.api("GET", "/v1/users/me", { token: u.token, headers: { "cf-connecting-ip": ip } })).status,
      ).toBe(200);
    const anonymous = await app.api("GET", "/v1/users/me", { headers: { "cf-connecting-ip": ip } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit")).toContain('"minute";r=59');
  });
});

describe("RATE_LIMIT_QUOTA_SCALE (a run whose traffic is not the subject, e.g. the API fuzzer's)", () => {
  it("multiplies what every window allows outside production, and the limit still refuses past it", async () => {
    const app = appAt(startOfMinuteWindow(), { RATE_LIMIT_QUOTA_SCALE: "2" });
    const flood = { headers: { "cf-connecting-ip": "198.51.100.30" } };
    const first = await app.api("GET", "/v1/users/me", flood);
    expect(first.headers.get("ratelimit-policy")).toBe('"minute";q=120;w=60, "day";q=4000;w=86400');
    for (let i = 1; i < 120; i++) expect((await app.api("GET", "/v1/users/me", flood)).status).toBe(401);
    expectErrorEnvelope(await app.api("GET", "/v1/users/me", flood), 429, "RATE_LIMIT_EXCEEDED");
  });

  it("is ignored in production: the documented limits hold", async () => {
    const app = appAt(startOfMinuteWindow(), {
      ENVIRONMENT: "production",
      AUTH_ISSUER: "https://api.example.com",
      PAYMENT_GATEWAY: "stripe",
      RATE_LIMIT_QUOTA_SCALE: "1000",
      RATE_LIMIT_WINDOW_SCALE: "0.0001",
    });
    const res = await app.api("GET", "/v1/users/me", { headers: { "cf-connecting-ip": "198.51.100.31" } });
    expect(res.status, res.text).toBe(401);
    expect(res.headers.get("ratelimit-policy")).toBe('"minute";q=60;w=60, "day";q=2000;w=86400');
  });
});

describe("one isolate serving requests side by side", () => {
  // Each exports.default.fetch is its own request context in the same isolate, as at the edge: the
  // limiter's and the usage counter's shared state must not make one request wait on another's I/O.
  it("concurrent requests of one user all succeed and are counted exactly (rate limit and API usage)", async () => {
    const u = await registerUser();
    const day = utcDate(Date.now());
    const me = () =>
      exports.default.fetch(new Request(`${BASE}/v1/users/me`, { headers: { Authorization: `Bearer ${u.token}` } }));
    const burst = await Promise.all(Array.from({ length: 8 }, me));
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    const dayRemaining = (r: Response) => Number(/"day";r=(\d+)/.exec(r.headers.get("ratelimit") ?? "")![1]);
    const seen = burst.map(dayRemaining).sort((a, b) => b - a);
    expect(seen).toEqual(seen.map((_, i) => seen[0]! - i));
    expect(dayRemaining(await me())).toBe(seen.at(-1)! - 1);
    // Nine authenticated calls, written off the request path about a second later.
    const written = async () =>
      (
        await env.DB.prepare("SELECT calls FROM api_usage_daily WHERE user_id = ? AND day = ?")
          .bind(u.id, day)
          .first<{ calls: number }>()
      )?.calls ?? 0;
    // Polled until written; the deadline is a hang guard, far beyond what a loaded machine takes.
    const deadline = Date.now() + 30_000;
    while ((await written()) < 9 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await written()).toBe(9);
  });
});

describe("KvRateLimitStore windows (real KV, injected clock)", () => {
  it("applies each tier's per-minute figure and resets with the window", async () => {
    for (const [tier, perMinute] of [
      ["basic", 100],
      ["professional", 1000],
      ["enterprise", 10000],
    ] as const) {
      const limiter = new KvRateLimitStore(env.KV);
      const key = `test:${tier}:${crypto.randomUUID()}`;
      const windows = tierWindows(tier, DOCUMENTED_LIMITS);
      const t0 = Date.UTC(2026, 10, 22, 10, 0, 5);
      // Spend the minute in one cost-sized step, then one more unit is refused.
      expect((await limiter.consume(key, windows, perMinute, { now: t0, defer: noWait })).allowed).toBe(true);
      const denied = await limiter.consume(key, windows, 1, { now: t0 + 1000, defer: noWait });
      expect(denied.allowed).toBe(false);
      expect(denied.retryAfter).toBe(54);
      // The next minute window has room again; the day window keeps counting.
      const next = await limiter.consume(key, windows, 1, { now: t0 + 60_000, defer: noWait });
      expect(next.allowed).toBe(true);
      expect(next.windows.find((w) => w.policy.name === "day")!.remaining).toBe(windows[1]!.limit - perMinute - 1);
    }
  });

  it("the day limit binds even when the minute has room", async () => {
    const limiter = new KvRateLimitStore(env.KV);
    const key = `test:day:${crypto.randomUUID()}`;
    const windows = tierWindows("basic", DOCUMENTED_LIMITS);
    const t0 = Date.UTC(2026, 10, 22, 0, 0, 0);
    for (let m = 0; m < 10; m++)
      expect((await limiter.consume(key, windows, 100, { now: t0 + m * 60_000, defer: noWait })).allowed).toBe(true);
    const denied = await limiter.consume(key, windows, 1, { now: t0 + 10 * 60_000, defer: noWait });
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfter).toBeGreaterThan(3600);
  });

  it("a second isolate's counts, written to KV, are seen through the shards", async () => {
    const key = `test:shards:${crypto.randomUUID()}`;
    const windows = tierWindows("basic", DOCUMENTED_LIMITS);
    const now = Date.now();
    const start = Math.floor(now / 60_000) * 60_000;
    // Another isolate has counted 95 this minute and synced its shard.
    await env.KV.put(`rl:${key}:minute:${start}:otherisolate`, "", { metadata: { count: 95 }, expirationTtl: 120 });
    const limiter = new KvRateLimitStore(env.KV);
    const d = await limiter.consume(key, windows, 1, { now, defer: noWait });
    expect(d.windows[0]!.remaining).toBe(4);
  });
});

describe("login throttling", () => {
  it("failed logins exhaust an account's budget faster than successful ones; then even the right password gets 429", async () => {
    const u = await registerUser();
    // 50 points an hour, a failure costs 5: ten failures spend it.
    for (let i = 0; i < 10; i++) {
      expect(
        (await api("POST", "/v1/auth/login", { body: { email: u.email, password: "wrong-password-9" } })).status,
      ).toBe(401);
    }
    const blocked = await api("POST", "/v1/auth/login", { body: { email: u.email, password: PASSWORD } });
    expectErrorEnvelope(blocked, 429, "RATE_LIMIT_EXCEEDED");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);

    // Successful logins cost 1: another account survives 20 of them.
    const v = await registerUser();
    for (let i = 0; i < 20; i++) {
      expect((await api("POST", "/v1/auth/login", { body: { email: v.email, password: PASSWORD } })).status).toBe(200);
    }
  });

  it("one client address is limited across accounts", { timeout: 120_000 }, async () => {
    const app = pinned();
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    const failures = AUTH_THROTTLE.sharedIpPerMinute / AUTH_THROTTLE.failureCost;
    for (let i = 0; i < failures + 2; i++) {
      const res = await app.api("POST", "/v1/auth/login", {
        body: { email: uniqueEmail("guess"), password: "guess-password-1" },
        headers: { "cf-connecting-ip": ip },
      });
      statuses.push(res.status);
    }
    // Each account has its own tight budget from here; the address's budget across accounts
    // (300 points a minute at 5 per failure) refuses the 61st.
    expect(statuses.slice(0, failures).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(failures)).toEqual([429, 429]);
  });
});

describe("WebSocket handshakes", () => {
  it("a token in Sec-WebSocket-Protocol counts against the user, not the client IP's anonymous budget", async () => {
    const { exports } = await import("cloudflare:workers");
    const { heldSession } = await import("../support/sessions");
    const u = await registerUser({ tier: "enterprise" });
    const s = await heldSession(u.token);
    const statuses: number[] = [];
    // More than the 60 anonymous requests a minute one address may make.
    for (let i = 0; i < 70; i++) {
      const res = await exports.default.fetch(
        new Request(`http://127.0.0.1/v1/ws/${s.id}`, {
          headers: {
            Upgrade: "websocket",
            "Sec-WebSocket-Protocol": `bearer, ${u.token}`,
            "cf-connecting-ip": "203.0.113.99",
          },
        }),
      );
      statuses.push(res.status);
      res.webSocket?.accept();
      res.webSocket?.close(1000);
    }
    expect(statuses.filter((st) => st !== 101)).toEqual([]);
  });
});
