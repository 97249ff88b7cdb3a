import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type D1Usage, meteredD1 } from "../../support/d1-meter";
import { registerUser, type TestUser } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { seedSessions } from "../../support/seed";
import {
  balance,
  completedSession,
  getSession,
  heldSession,
  stepRoom,
  tokenWithScopes,
  topUp,
} from "../../support/sessions";

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe("GET /v1/users/me/stats and usage_stats", () => {
  let u: TestUser;
  let completed: any;
  let pendingPrice: number;

  beforeAll(async () => {
    u = await registerUser();
    await topUp(u.id);
    const c = await completedSession(u.token, { session_type: "remote_viewing" });
    completed = await getSession(u.token, c.id);
    const f = await heldSession(u.token, { session_type: "dowsing", cue: "Lost keys [[fail:initial_processing]]" });
    await stepRoom(f.id);
    await stepRoom(f.id);
    expect((await getSession(u.token, f.id)).status).toBe("failed");
    const x = await heldSession(u.token, { session_type: "precognition" });
    await api("DELETE", `/v1/sessions/${x.id}`, { token: u.token });
    pendingPrice = (await heldSession(u.token, { session_type: "dowsing" })).credits_required;
    // Another user's sessions never count.
    await heldSession((await registerUser()).token);
  });

  it("reports the month's figures by default", async () => {
    const res = await api("GET", "/v1/users/me/stats", { token: u.token });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s.period).toBe("month");
    expect(s.end_date).toBe(today());
    expect(s.start_date).toBe(daysAgo(29));
    expect(s.sessions).toEqual({ total: 4, pending: 1, processing: 0, completed: 1, failed: 1, cancelled: 1 });
    expect(s.credits_used).toBe(completed.credits_used + pendingPrice);
    expect(s.credits_remaining).toBe(await balance(u.token));
    expect(s.success_rate).toBe(0.5);
    expect(s.average_confidence).toBe(completed.confidence_score);
    expect(s.session_types).toEqual({ remote_viewing: 1, dowsing: 2, precognition: 1, intuitive_analysis: 0 });
    expect(s.daily_breakdown).toHaveLength(30);
    expect(s.daily_breakdown.at(-1)).toEqual({
      date: today(),
      sessions: 4,
      credits_used: s.credits_used,
      api_calls: expect.any(Number),
    });
    expect(s.daily_breakdown[0]).toEqual({ date: daysAgo(29), sessions: 0, credits_used: 0, api_calls: 0 });
  });

  it("counts the user's API calls per day, the same figure as the billing record's month", async () => {
    const v = await registerUser();
    const callsToday = async () =>
      (await api("GET", "/v1/users/me/stats?period=week", { token: v.token })).body.data.daily_breakdown.map(
        (d: any) => d.api_calls,
      );
    const before = await callsToday();
    for (let i = 0; i < 3; i++) await api("GET", "/v1/users/me", { token: v.token });
    const after = await callsToday();
    // The three calls and the first stats request itself.
    expect(after.at(-1) - before.at(-1)).toBe(4);
    expect(after.slice(0, -1)).toEqual([0, 0, 0, 0, 0, 0]);
    const billing = (await api("GET", "/v1/billing", { token: v.token })).body.data;
    expect(billing.usage.current_month.api_calls).toBe(after.at(-1) + 1);
  });

  it("honours period and start_date/end_date", async () => {
    const day = (await api("GET", "/v1/users/me/stats?period=day", { token: u.token })).body.data;
    expect(day.daily_breakdown).toEqual([
      { date: today(), sessions: 4, credits_used: expect.any(Number), api_calls: expect.any(Number) },
    ]);
    expect(
      (await api("GET", "/v1/users/me/stats?period=year", { token: u.token })).body.data.daily_breakdown,
    ).toHaveLength(365);
    const custom = (
      await api("GET", `/v1/users/me/stats?start_date=${daysAgo(1)}&end_date=${today()}`, { token: u.token })
    ).body.data;
    expect(custom.period).toBe("custom");
    expect(custom.daily_breakdown.map((d: any) => d.sessions)).toEqual([0, 4]);
    const past = (
      await api("GET", `/v1/users/me/stats?start_date=${daysAgo(10)}&end_date=${daysAgo(5)}`, { token: u.token })
    ).body.data;
    expect(past.sessions.total).toBe(0);
    expect(past.success_rate).toBe(0);
    expect(past.average_confidence).toBeNull();
  });

  it.each([
    ["?period=decade", "period"],
    ["?start_date=2026-13-01", "start_date"],
    ["?end_date=yesterday", "end_date"],
    [`?start_date=2026-02-10&end_date=2026-02-01`, "start_date"],
    [`?start_date=2024-01-01&end_date=2026-01-01`, "end_date"],
  ])("%s → 422 naming %s", async (query, field) => {
    const err = expectErrorEnvelope(
      await api("GET", `/v1/users/me/stats${query}`, { token: u.token }),
      422,
      "INVALID_FIELD_VALUE",
    );
    expect(err.details.field).toBe(field);
  });

  it("needs analytics:read", async () => {
    expectErrorEnvelope(
      await api("GET", "/v1/users/me/stats", { token: await tokenWithScopes(u.id, ["profile"]) }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });

  it("GET /v1/users/me usage_stats are real", async () => {
    const me = (await api("GET", "/v1/users/me", { token: u.token })).body.data;
    expect(me.usage_stats).toEqual({ sessions_this_month: 4, total_sessions: 4, success_rate: 0.5 });
  });
});

describe("GET /v1/users/me/stats reads", () => {
  /**
   * Issue #15's target, in D1's own rows_read for the whole request
   * (authentication, balance, rollups): the figure npm run bench reports.
   */
  const YEAR_OF_STATS_ROWS_READ = 40;

  it(`a year for a user with sessions and API calls on every day reads ≤ ${YEAR_OF_STATS_ROWS_READ} D1 rows`, async () => {
    const v = await registerUser({ tier: "enterprise" });
    await seedSessions(env.DB, v.id, 2_000, 365, 9_150_000);
    const days = Array.from({ length: 366 }, (_, i) => daysAgo(i));
    await env.DB.batch(
      days.map((d, i) =>
        env.DB.prepare("INSERT INTO api_usage_daily (user_id, day, calls) VALUES (?1, ?2, ?3)").bind(v.id, d, i + 1),
      ),
    );
    const usage: D1Usage = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const res = await apiWithEnv({ DB: meteredD1(env.DB, usage) }, "GET", "/v1/users/me/stats?period=year", {
      token: v.token,
    });
    expect(res.status).toBe(200);
    expect(usage.rowsRead).toBeLessThanOrEqual(YEAR_OF_STATS_ROWS_READ);
    const breakdown = res.body.data.daily_breakdown as Array<{ date: string; api_calls: number; sessions: number }>;
    expect(breakdown).toHaveLength(365);
    // Today also counts this request (not yet written), so compare the days before it.
    expect(breakdown.slice(0, -1).map((d) => d.api_calls)).toEqual(days.slice(1, 365).map((_, i) => 365 - i));
    expect(breakdown.reduce((n, d) => n + d.sessions, 0)).toBe(res.body.data.sessions.total);
    expect(res.body.data.sessions.total).toBeGreaterThan(1_900);
  });
});
