import { describe, expect, it } from "vitest";
import { AUTH_THROTTLE } from "../../../src/domain/limits/policies";
import { registerUser, uniqueEmail } from "../../support/factories";
import { appAt, startOfMinuteWindow } from "../../support/http";
import { basic, createClient, postForm } from "../../support/oauth";

/**
 * POST /oauth2/token spends the per-IP budget of the sign-in endpoints
 * (30 points a minute; a failure costs 5, a success 1) and refuses in
 * RFC 6749 form: 429 {"error":"slow_down"} with Retry-After and no-store.
 */

/**
 * Fixed one-minute windows: each test runs against the app with its
 * rate-limit clock pinned one second into a window, so a burst cannot
 * straddle a reset.
 */
const pinned = () => appAt(startOfMinuteWindow());

const badClientAttempt = (app: ReturnType<typeof pinned>, ip: string) =>
  postForm(
    "/oauth2/token",
    { grant_type: "client_credentials" },
    { authorization: basic("no-such-client", "wrong-secret"), "cf-connecting-ip": ip },
    app.fetch,
  );

describe("token endpoint throttling", () => {
  it("failed attempts from one address are refused after the budget: 429 slow_down, Retry-After, no-store, not the envelope", async () => {
    const app = pinned();
    const ip = "203.0.113.91";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await badClientAttempt(app, ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);

    const refused = await badClientAttempt(app, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("slow_down");
    expect(refused.body.error_description).toMatch(/retry in \d+ seconds/);
    expect(refused.body).not.toHaveProperty("success");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("content-type")).toContain("application/json");
    expect(refused.headers.get("ratelimit")).toMatch(/"auth-ip";r=0;t=\d+/);

    // Even a correct request from that address is refused until the window resets…
    const u = await registerUser();
    const client = await createClient(u.token, { grant_types: ["client_credentials"] });
    const good = await postForm(
      "/oauth2/token",
      { grant_type: "client_credentials" },
      { authorization: basic(client.client_id, client.client_secret!), "cf-connecting-ip": ip },
      app.fetch,
    );
    expect(good.status).toBe(429);
    // …while another address is unaffected.
    const elsewhere = await postForm(
      "/oauth2/token",
      { grant_type: "client_credentials" },
      { authorization: basic(client.client_id, client.client_secret!), "cf-connecting-ip": "203.0.113.92" },
      app.fetch,
    );
    expect(elsewhere.status).toBe(200);
  });

  it("successes cost less than failures: 20 good token requests from one address all pass", async () => {
    const app = pinned();
    const ip = "203.0.113.93";
    const u = await registerUser();
    const client = await createClient(u.token, { grant_types: ["client_credentials"] });
    for (let i = 0; i < 20; i++) {
      const res = await postForm(
        "/oauth2/token",
        { grant_type: "client_credentials" },
        { authorization: basic(client.client_id, client.client_secret!), "cf-connecting-ip": ip },
        app.fetch,
      );
      expect(res.status).toBe(200);
    }
  });

  it("shares the address's budget with /v1/auth/login: guessing passwords then tokens does not double the attempts", {
    timeout: 120_000,
  }, async () => {
    const app = pinned();
    const ip = "203.0.113.94";
    // Guessing across accounts spends the address's shared budget (AUTH_THROTTLE.sharedIpPerMinute,
    // a failure costing failureCost): 60 wrong passwords, each for another account.
    for (let i = 0; i < AUTH_THROTTLE.sharedIpPerMinute / AUTH_THROTTLE.failureCost; i++) {
      const res = await app.api("POST", "/v1/auth/login", {
        body: { email: uniqueEmail("guess"), password: "guess-password-1" },
        headers: { "cf-connecting-ip": ip },
      });
      expect(res.status).toBe(401);
    }
    const res = await badClientAttempt(app, ip);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("slow_down");
  });
});
