import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { topUp, validSession } from "../../support/sessions";

/** The real app with real-time processing, so created sessions stay pending for seconds. */
const createSlowly = (token: string) =>
  apiWithEnv({ ANALYSIS_TIME_SCALE: "1" }, "POST", "/v1/sessions", { token, body: validSession() });

describe("concurrent-session cap (spec part 8, reference 2)", () => {
  it("a basic user may have 5 sessions pending or processing; the 6th gets 429 until one ends", async () => {
    const u = await registerUser();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await createSlowly(u.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.data.id);
    }
    const sixth = await createSlowly(u.token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
    expect(sixth.body.error.details).toMatchObject({
      limit: "concurrent_sessions",
      max_concurrent_sessions: 5,
      active_sessions: 5,
    });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Refused before charging: the balance is the starting 100 minus five sessions.
    const me = await api("GET", "/v1/users/me", { token: u.token });
    const spent =
      ids.length * (await api("GET", `/v1/sessions/${ids[0]}`, { token: u.token })).body.data.credits_required;
    expect(me.body.data.credits).toBe(100 - spent);

    // Cancelling one frees a slot.
    expect((await api("DELETE", `/v1/sessions/${ids[0]}`, { token: u.token })).status).toBe(200);
    const again = await createSlowly(u.token);
    expect(again.status).toBe(201);
    ids.push(again.body.data.id);
    for (const id of ids.slice(1)) await api("DELETE", `/v1/sessions/${id}`, { token: u.token });
  });

  it("racing creations never overshoot the cap", async () => {
    // A professional trial starts with basic's grant: top up so credits never limit the race.
    const u = await registerUser({ tier: "professional" });
    await topUp(u.id, 10_000);
    const results = await Promise.all(Array.from({ length: 60 }, () => createSlowly(u.token)));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(50);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
    await Promise.all(created.map((r) => api("DELETE", `/v1/sessions/${r.body.data.id}`, { token: u.token })));
  });

  it("a plan changed in D1 applies to the next creation's cap at once, whatever the isolate remembers", async () => {
    const u = await registerUser({ tier: "professional" });
    await topUp(u.id, 10_000);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createSlowly(u.token)).body.data.id);
    // Another isolate's downgrade (the billing clock's, say): this isolate's cache still says professional.
    await env.DB.prepare("UPDATE billing_accounts SET tier = 'basic' WHERE owner_type = 'user' AND owner_id = ?")
      .bind(u.id)
      .run();
    const refused = await createSlowly(u.token);
    expect(refused.status).toBe(429);
    expect(refused.body.error.details).toMatchObject({ max_concurrent_sessions: 5, active_sessions: 5 });
    expect(refused.body.error.message).toContain("basic tier");
    for (const id of ids) await api("DELETE", `/v1/sessions/${id}`, { token: u.token });
  });

  it("under the cap, too few credits is still 409 INSUFFICIENT_CREDITS", async () => {
    const u = await registerUser();
    const long = validSession({ parameters: { duration: 3600 } });
    const first = await api("POST", "/v1/sessions", { token: u.token, body: long });
    expect(first.status).toBe(201);
    expect(first.body.data.credits_required).toBeGreaterThan(50); // so a second cannot be afforded from 100
    const second = await api("POST", "/v1/sessions", { token: u.token, body: long });
    const err = expectErrorEnvelope(second, 409, "INSUFFICIENT_CREDITS");
    expect(err.details).toEqual({
      required: first.body.data.credits_required,
      available: 100 - first.body.data.credits_required,
    });
  });
});
