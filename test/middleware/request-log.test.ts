import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { metricsOf } from "../../src/adapters/metrics";
import { addCard } from "../support/billing";
import { registerUser } from "../support/factories";
import { apiWithEnv } from "../support/http";

// The request log line (one JSON line per request) and the Analytics Engine data points, from the real
// worker: console is watched, and METRICS is a dataset that keeps what it is given (the binding is
// Cloudflare's; what is under test is what the worker writes to it).
function recordingDataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, dataset: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) } };
}

function logLines(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls
    .map((c) => (typeof c[0] === "string" && c[0].startsWith("{") ? JSON.parse(c[0]) : undefined))
    .filter((l): l is Record<string, unknown> => l?.msg === "request");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("request log line and metrics", () => {
  it("one JSON line per request: id, route pattern, status, code, duration, credential kind; no path, token or email", async () => {
    const u = await registerUser();
    const { points, dataset } = recordingDataset();
    const log = vi.spyOn(console, "log");
    const missing = "ses_doesnotexist0000000000";
    const res = await apiWithEnv({ REQUEST_LOG: "json", METRICS: dataset }, "GET", `/v1/sessions/${missing}`, {
      token: u.token,
      headers: { "x-request-id": "req-log-test-1" },
    });
    expect(res.status).toBe(404);
    // Again, once the group is built and mounted in the app directly (src/app.ts createApp): the same pattern.
    await apiWithEnv({ REQUEST_LOG: "json" }, "GET", `/v1/sessions/${missing}`, {
      token: u.token,
      headers: { "x-request-id": "req-log-test-1b" },
    });
    expect(logLines(log).find((l) => l.request_id === "req-log-test-1b")?.route).toBe("/v1/sessions/:session_id");
    const lines = logLines(log).filter((l) => l.request_id === "req-log-test-1");
    expect(lines).toEqual([
      {
        msg: "request",
        request_id: "req-log-test-1",
        method: "GET",
        route: "/v1/sessions/:session_id",
        status: 404,
        duration_ms: expect.any(Number),
        principal: "login_token",
        organization: null,
        code: "SESSION_NOT_FOUND",
      },
    ]);
    const text = JSON.stringify(lines);
    for (const secret of [missing, u.token, u.email, u.id]) expect(text).not.toContain(secret);
    expect(points).toEqual([
      {
        indexes: ["request"],
        blobs: ["request", "/v1/sessions/:session_id", "GET", "SESSION_NOT_FOUND"],
        doubles: [1, expect.any(Number), 404],
      },
    ]);
  });

  it("names the organization acted for, and an anonymous caller as such", async () => {
    const u = await registerUser();
    const org = await apiWithEnv({}, "POST", "/v1/organizations", { token: u.token, body: { name: "Log Org" } });
    expect(org.status).toBe(201);
    const log = vi.spyOn(console, "log");
    await apiWithEnv({ REQUEST_LOG: "json" }, "GET", "/v1/sessions", {
      token: u.token,
      headers: { "x-organization-id": org.body.data.id, "x-request-id": "req-log-test-2" },
    });
    await apiWithEnv({ REQUEST_LOG: "json" }, "GET", "/v1/billing/packages", {
      headers: { "x-request-id": "req-log-test-3" },
    });
    const lines = logLines(log);
    expect(lines.find((l) => l.request_id === "req-log-test-2")).toMatchObject({
      route: "/v1/sessions",
      status: 200,
      principal: "login_token",
      organization: org.body.data.id,
    });
    expect(lines.find((l) => l.request_id === "req-log-test-3")).toMatchObject({
      route: "/v1/billing/packages",
      principal: "anonymous",
      organization: null,
    });
  });

  it("a 5xx is logged as an error, beside its cause, under the same request id", async () => {
    const error = vi.spyOn(console, "error");
    const res = await apiWithEnv(
      {
        REQUEST_LOG: "json",
        ENVIRONMENT: "production",
        PAYMENT_GATEWAY: "stripe",
        AUTH_ISSUER: "https://api.example.test",
        JWT_PRIVATE_KEY: undefined,
      },
      "GET",
      "/v1/billing/packages",
      { headers: { "x-request-id": "req-log-test-4" } },
    );
    expect(res.status).toBe(503);
    expect(logLines(error).filter((l) => l.request_id === "req-log-test-4")).toEqual([
      expect.objectContaining({ status: 503, code: "SERVICE_UNAVAILABLE" }),
    ]);
    // The reason is logged (not sent): notConfigured's line.
    expect(error.mock.calls.some((c) => String(c[0]).includes("JWT_PRIVATE_KEY secret is not set"))).toBe(true);
  });

  it("a session created and credits sold are data points, with no one's identity in them", async () => {
    const u = await registerUser();
    const { points, dataset } = recordingDataset();
    const created = await apiWithEnv({ METRICS: dataset }, "POST", "/v1/sessions", {
      token: u.token,
      body: { cue: "metrics", session_type: "dowsing" },
    });
    expect(created.status).toBe(201);
    const pm = await addCard(u.token);
    const bought = await apiWithEnv({ METRICS: dataset }, "POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "standard", payment_method_id: pm, quantity: 2 },
    });
    expect(bought.status).toBe(201);
    const domain = points.filter((p) => p.blobs?.[0] !== "request");
    expect(domain).toEqual([
      { indexes: ["session"], blobs: ["session", "created", "dowsing"], doubles: [1] },
      {
        indexes: ["credits_sold"],
        blobs: ["credits_sold", "standard", bought.body.data.currency],
        doubles: [1, 1000, bought.body.data.amount],
      },
    ]);
    expect(JSON.stringify(points)).not.toContain(u.id);
  });

  it("without the METRICS binding the figures are written as log lines, not dropped", () => {
    const log = vi.spyOn(console, "log");
    metricsOf({ METRICS: undefined }).record({ kind: "session", outcome: "failed", sessionType: "dowsing" });
    expect(log).toHaveBeenCalledWith(
      JSON.stringify({ msg: "metric", kind: "session", outcome: "failed", sessionType: "dowsing" }),
    );
    // The configured binding is Analytics Engine (wrangler.toml binds METRICS in every environment).
    expect(env.METRICS).toBeDefined();
  });
});
