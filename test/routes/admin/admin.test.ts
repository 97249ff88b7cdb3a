import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminTrailOf } from "../../../src/db/admin-audit";
import { mailedVerificationToken, verifyEmail } from "../../support/email";
import { adminUser, PASSWORD, registerUser, uniqueEmail } from "../../support/factories";
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

describe("GET /v1/admin/analytics/users", () => {
  it("counts users, tiers, new and active users, and countries from the edge", async () => {
    const admin = await adminUser();
    const before = (await api("GET", "/v1/admin/analytics/users?period=week", { token: admin.token })).body.data;
    // Three new professional users from Antarctica (only this test uses AQ).
    for (let i = 0; i < 3; i++) {
      const res = await api("POST", "/v1/auth/register", {
        body: {
          email: uniqueEmail("aq"),
          username: "penguin",
          password: PASSWORD,
          tier: "professional",
          marketing_consent: false,
        },
        cf: { country: "AQ" },
      });
      expect(res.status).toBe(201);
      // A paid tier's trial starts when the email is verified (the free plan until then).
      await verifyEmail({ id: res.body.data.user.id });
    }
    const after = (await api("GET", "/v1/admin/analytics/users?period=week", { token: admin.token })).body.data;
    expect(after.period).toBe("week");
    expect(after.total_users - before.total_users).toBe(3);
    expect(after.new_users - before.new_users).toBe(3);
    expect(after.active_users - before.active_users).toBe(3);
    expect(after.tier_distribution.professional - before.tier_distribution.professional).toBe(3);
    const aq = after.geographic_distribution.find((g: any) => g.country === "AQ");
    expect(aq.users).toBe(3);
    expect(aq.percentage).toBeCloseTo((3 / after.total_users) * 100, 1);
    const sum = after.geographic_distribution.reduce((n: number, g: any) => n + g.users, 0);
    expect(sum).toBe(after.total_users);
    expect(after.retention_rate).toBeGreaterThanOrEqual(0);
    expect(after.retention_rate).toBeLessThanOrEqual(1);
  });

  it("filters by tier", async () => {
    const admin = await adminUser();
    await registerUser({ tier: "enterprise" });
    const res = await api("GET", "/v1/admin/analytics/users?period=year&tier=enterprise", { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.tier).toBe("enterprise");
    expect(d.tier_distribution.basic).toBe(0);
    expect(d.tier_distribution.professional).toBe(0);
    expect(d.total_users).toBe(d.tier_distribution.enterprise);
  });

  it("validates period and tier", async () => {
    const admin = await adminUser();
    const bad = expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users?period=decade", { token: admin.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(bad.details.field).toBe("period");
    expectErrorEnvelope(
      await api("GET", "/v1/admin/analytics/users?tier=gold", { token: admin.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
  });
});

describe("PUT /v1/admin/users/{user_id}/role", () => {
  it("an administrator names and removes another, recorded in admin_audit; others cannot", async () => {
    const admin = await adminUser();
    const user = await registerUser();
    const signIn = async () =>
      (await api("POST", "/v1/auth/login", { body: { email: user.email, password: PASSWORD } })).body.data
        .token as string;
    expectErrorEnvelope(
      await api("PUT", `/v1/admin/users/${admin.id}/role`, { token: user.token, body: { role: "user" } }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );

    const granted = await api("PUT", `/v1/admin/users/${user.id}/role`, {
      token: admin.token,
      body: { role: "admin" },
    });
    expect(granted.body.data).toEqual({ user_id: user.id, role: "admin" });
    expect((await api("GET", "/v1/admin/system/status", { token: await signIn() })).status).toBe(200);
    // Again: nothing changes, nothing is recorded.
    expect(
      (await api("PUT", `/v1/admin/users/${user.id}/role`, { token: admin.token, body: { role: "admin" } })).status,
    ).toBe(200);

    const adminToken = await signIn();
    expect(
      (await api("PUT", `/v1/admin/users/${user.id}/role`, { token: admin.token, body: { role: "user" } })).status,
    ).toBe(200);
    // The role is read from D1 on admin calls: the demotion applies to the token at once.
    expectErrorEnvelope(
      await api("GET", "/v1/admin/system/status", { token: adminToken }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
    expect(await adminTrailOf(env.DB, user.id)).toEqual([
      { action: "granted", actor: admin.id, created_at: expect.any(String) },
      { action: "revoked", actor: admin.id, created_at: expect.any(String) },
    ]);
    expectErrorEnvelope(
      await api("PUT", "/v1/admin/users/user_1/role", { token: admin.token, body: { role: "admin" } }),
      404,
      "RESOURCE_NOT_FOUND",
    );
  });
});
