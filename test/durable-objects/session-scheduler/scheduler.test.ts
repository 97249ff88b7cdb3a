import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SCHEDULER_SHARDS, schedulerShardOf } from "../../../src/domain/sessions/scheduler";
import { START_RETRY_MS } from "../../../src/durable-objects/session-scheduler/session-scheduler";
import { registerUser } from "../../support/factories";
import { api, BASE } from "../../support/http";
import { balance, roomStub, schedulerStub, topUp, validSession } from "../../support/sessions";

/** A session on the real time scale: its start (10 % of an hour) is six minutes away. */
async function waitingSession(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/sessions", {
    token,
    body: validSession({ parameters: { duration: 3600 }, ...overrides }),
    vars: { ANALYSIS_TIME_SCALE: "1" },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as { id: string; created_at: string; credits_required: number; estimated_completion: string };
}

const holds = (id: string) => schedulerStub(id).holds(id);

/** Move a waiting session's start to the past, as if its time had come. */
async function makeDue(id: string) {
  await runInDurableObject(schedulerStub(id), async (_s, state) => {
    state.storage.sql.exec("UPDATE waiting SET start_at = ? WHERE session_id = ?", Date.now() - 1, id);
  });
}

describe("the session scheduler", () => {
  it("holds a created session until its start, creating no room; at the start its alarm starts the room", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await waitingSession(u.token);
    expect(await holds(s.id)).toBe(true);
    expect(await roomStub(s.id).snapshot()).toBeNull();

    // An alarm before the start leaves it waiting and stays armed.
    await runDurableObjectAlarm(schedulerStub(s.id));
    expect(await holds(s.id)).toBe(true);
    expect(await roomStub(s.id).snapshot()).toBeNull();
    const armed = await runInDurableObject(schedulerStub(s.id), (_s, state) => state.storage.getAlarm());
    expect(armed).not.toBeNull();
    expect(armed!).toBeLessThanOrEqual(Date.parse(s.created_at) + 360_000);

    await makeDue(s.id);
    expect(await runDurableObjectAlarm(schedulerStub(s.id))).toBe(true);
    expect(await holds(s.id)).toBe(false);
    const state = await roomStub(s.id).snapshot();
    expect(state).toMatchObject({ status: "pending", step: 0, init: { sessionId: s.id, userId: u.id } });
    expect(state!.init.creditsPaid).toBe(s.credits_required);
    expect(state!.init.schedule.estimatedCompletion).toBe(Date.parse(s.estimated_completion));
  });

  it("arms its alarm for a high-priority session's creation time: the room starts processing at once", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await waitingSession(u.token, { parameters: { duration: 3600, priority: "high" } });
    const armed = await runInDurableObject(schedulerStub(s.id), (_s, state) => state.storage.getAlarm());
    // Due now (the runtime arms a past time for the present), or already run by the runtime (null).
    expect(armed ?? 0).toBeLessThanOrEqual(Date.now());
    await runDurableObjectAlarm(schedulerStub(s.id));
    const deadline = Date.now() + 10_000;
    while ((await roomStub(s.id).snapshot()) === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    const state = await roomStub(s.id).snapshot();
    expect(state?.init.schedule.stepAt[0]).toBe(Date.parse(s.created_at));
    expect(await holds(s.id)).toBe(false);
  });

  it("starts the room at once for a WebSocket client of a waiting session, which gets its snapshot", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await waitingSession(u.token);
    const res = await exports.default.fetch(
      new Request(`${BASE}/v1/ws/${s.id}?access_token=${u.token}`, { headers: { Upgrade: "websocket" } }),
    );
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const first = new Promise<any>((resolve) =>
      ws.addEventListener("message", (e) => resolve(JSON.parse(e.data as string))),
    );
    ws.accept();
    expect(await first).toMatchObject({ type: "snapshot", session_id: s.id, status: "pending" });
    expect(await holds(s.id)).toBe(false);
    ws.close(1000, "done");
  });

  it("cancels a waiting session with a full refund; its start, when due, changes nothing", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const before = await balance(u.token);
    const s = await waitingSession(u.token);
    const res = await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.refund).toEqual({
      credits_refunded: s.credits_required,
      refund_reason: "cancelled_before_processing",
    });
    expect(await balance(u.token)).toBe(before);
    expect(await holds(s.id)).toBe(false);
    expect((await roomStub(s.id).snapshot())?.status).toBe("cancelled");
    await runDurableObjectAlarm(schedulerStub(s.id));
    expect((await api("GET", `/v1/sessions/${s.id}`, { token: u.token })).body.data.status).toBe("cancelled");
  });

  it("keeps a session whose room cannot be reached and retries it a few seconds later", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await waitingSession(u.token);
    await makeDue(s.id);
    const retryAt = await runInDurableObject(schedulerStub(s.id), async (scheduler, state) => {
      const real = (scheduler as any).env;
      const unreachable = {
        idFromName: (name: string) => name,
        get: () => ({
          start: async () => {
            throw new Error("Durable Object unavailable");
          },
        }),
      };
      (scheduler as any).env = { ...real, SESSION_ROOM: unreachable };
      const before = Date.now();
      try {
        await scheduler.alarm!();
      } finally {
        (scheduler as any).env = real;
      }
      return { before, alarm: await state.storage.getAlarm() };
    });
    expect(await holds(s.id)).toBe(true);
    expect(retryAt.alarm).not.toBeNull();
    expect(retryAt.alarm!).toBeGreaterThanOrEqual(retryAt.before + START_RETRY_MS);
    expect(await roomStub(s.id).snapshot()).toBeNull();
    // The retry starts it.
    await runDurableObjectAlarm(schedulerStub(s.id));
    expect(await holds(s.id)).toBe(false);
    expect((await roomStub(s.id).snapshot())?.status).toBe("pending");
  });

  it("spreads sessions over its shards by id, the same shard for the same id", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 1_000; i++) {
      const shard = schedulerShardOf(`session_${1_795_000_000_000 + i * 7919}${String(i).padStart(6, "0")}`);
      expect(shard).toBeGreaterThanOrEqual(0);
      expect(shard).toBeLessThan(SCHEDULER_SHARDS);
      seen.add(shard);
    }
    expect(seen.size).toBe(SCHEDULER_SHARDS);
    expect(schedulerShardOf("session_1")).toBe(schedulerShardOf("session_1"));
  });
});
