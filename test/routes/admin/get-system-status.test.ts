// GET /v1/admin/system/status. Who may call an admin operation: test/security/api5-function-level.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mailedVerificationToken } from "../../support/email";
import { adminUser, PASSWORD, registerUser } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { mintToken } from "../../support/tokens";

const statusWith = (overrides: Record<string, unknown>, token: string) =>
  apiWithEnv(overrides, "GET", "/v1/admin/system/status", { token });

describe("GET /v1/admin/system/status", () => {
  it("reports every dependency healthy from real probes", async () => {
    const admin = await adminUser();
    const res = await api("GET", "/v1/admin/system/status", { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.status).toBe("healthy");
    expect(data.services).toMatchObject({
      api: "healthy",
      database: "healthy",
      cache: "healthy",
      durable_objects: "healthy",
      queue: "healthy",
    });
    expect(data.services.ai_models).toBe("healthy");
    expect(Number.isInteger(data.metrics.active_sessions)).toBe(true);
    expect(Number.isInteger(data.metrics.queue_depth)).toBe(true);
    expect(data.metrics.cpu_usage).toBeNull();
    expect(data.metrics.memory_usage).toBeNull();
    expect(data.metrics.gpu_usage).toBeNull();
    expect(data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Date.parse(data.timestamp)).not.toBeNaN();
  });

  it("a failing queue producer makes the status degraded, not a 500", async () => {
    const admin = await adminUser();
    const res = await statusWith(
      { WEBHOOK_QUEUE: { send: () => Promise.reject(new Error("queue down")) } },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("degraded");
    expect(res.body.data.services.queue).toBe("unhealthy");
    expect(res.body.data.services.database).toBe("healthy");
    expect(JSON.stringify(res.body)).not.toContain("queue down");
  });

  it("a failing database makes the status unhealthy", async () => {
    const admin = await adminUser();
    const brokenDb = {
      prepare: () => ({
        first: () => Promise.reject(new Error("D1 down")),
        bind() {
          return this;
        },
      }),
    };
    const res = await statusWith({ DB: brokenDb }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("unhealthy");
    expect(res.body.data.services.database).toBe("unhealthy");
  });

  it("a hanging Durable Object is cut off by the probe timeout and reported", async () => {
    const admin = await adminUser();
    const hanging = { idFromName: () => ({}), get: () => ({ ping: () => new Promise(() => undefined) }) };
    // Cut off after 500 ms rather than 2 s (HEALTH_PROBE_TIMEOUT_SCALE), for this request only. What the
    // real D1, KV and queue probes answer in that time depends on the machine's load, so the roll-up of
    // a hanging non-critical probe into "degraded" is test/domain/admin/system-status.test.ts's, with
    // probes that answer at once.
    const res = await statusWith({ SESSION_ROOM: hanging, HEALTH_PROBE_TIMEOUT_SCALE: "0.25" }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data.services.durable_objects).toBe("unhealthy");
  });

  it("refuses non-admins with 403, even with a hand-made admin-scoped token", async () => {
    const u = await registerUser();
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: u.token }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    const forged = await mintToken(u.id, { scopes: ["remote-viewing:admin", "analytics:admin"], role: "user" });
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: forged }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users", { token: forged }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectErrorEnvelope(await api("GET", "/v1/admin/system/status"), 401, "AUTHENTICATION_REQUIRED");
  });

  it("a demoted admin loses access at once, whatever the token says", async () => {
    // An administrator by the ADMIN_EMAILS bootstrap (this test's own address), signed in after it.
    const user = await registerUser({}, { verified: false });
    const verified = await api("POST", "/v1/auth/email/verify", {
      body: { token: await mailedVerificationToken(user) },
      vars: { ADMIN_EMAILS: user.email },
    });
    expect(verified.status).toBe(200);
    const { token } = (await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } })).body
      .data;
    expect((await api("GET", "/v1/admin/system/status", { token })).status).toBe(200);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(user.id).run();
    expectErrorEnvelope(await api("GET", "/v1/admin/system/status", { token }), 403, "INSUFFICIENT_PERMISSIONS");
    expectErrorEnvelope(await api("GET", "/v1/admin/analytics/users", { token }), 403, "INSUFFICIENT_PERMISSIONS");
  });

  it("a token claiming the admin role for a non-admin is refused", async () => {
    const u = await registerUser();
    const misissued = await mintToken(u.id, { scopes: ["remote-viewing:admin", "analytics:admin"], role: "admin" });
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: misissued }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users", { token: misissued }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });

  it("an admin's credential without the admin scope is refused", async () => {
    const admin = await adminUser();
    const narrow = await mintToken(admin.id, { scopes: ["profile"], role: "admin" });
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: narrow }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});

describe("status metrics from real data", () => {
  // The runtime is shared with the files before this one, whose sessions may still be ending in the
  // background (never starting: files run one after another). So the total can only fall while this
  // test runs, and the endpoint's figure lies between a count of D1's counters taken just before it
  // and one taken just after; this user's own counter is exact.
  const activeInD1 = async () =>
    (await env.DB.prepare("SELECT COALESCE(SUM(active_sessions), 0) AS n FROM billing_accounts").first<{
      n: number;
    }>())!.n;
  const activeOf = async (userId: string) =>
    (await env.DB.prepare(
      "SELECT active_sessions AS n FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?1",
    )
      .bind(userId)
      .first<{ n: number }>())!.n;
  const reported = async (token: string) => {
    const high = await activeInD1();
    const res = await api("GET", "/v1/admin/system/status", { token });
    const low = await activeInD1();
    const figure = res.body.data.metrics.active_sessions;
    expect(figure).toBeLessThanOrEqual(high);
    expect(figure).toBeGreaterThanOrEqual(low);
    return figure;
  };

  it("active_sessions counts pending and processing sessions", async () => {
    const admin = await adminUser();
    const u = await registerUser();
    // Real-time processing, so the session stays active while we look.
    const created = await apiWithEnv({ ANALYSIS_TIME_SCALE: "1" }, "POST", "/v1/sessions", {
      token: u.token,
      body: { cue: "metrics probe", session_type: "dowsing", parameters: { duration: 60 } },
    });
    expect(created.status).toBe(201);
    expect(await activeOf(u.id)).toBe(1);
    expect(await reported(admin.token)).toBeGreaterThanOrEqual(1);
    await api("DELETE", `/v1/sessions/${created.body.data.id}`, { token: u.token });
    expect(await activeOf(u.id)).toBe(0);
    await reported(admin.token);
  });
});
