import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { creditStatements } from "../../src/db/credits";
import { schedulerShardOf } from "../../src/domain/sessions/scheduler";
import { newId } from "../../src/lib/ids";
import { accountIdOf } from "./billing";
import { api } from "./http";

export { tokenWithScopes } from "./tokens";

export const validSession = (overrides: Record<string, unknown> = {}) => ({
  cue: "Describe the target location",
  session_type: "remote_viewing",
  parameters: { duration: 60, confidence_threshold: 0.5, analysis_types: ["visual"], priority: "normal" },
  metadata: { case_id: "case-1", client_reference: "ref-1", tags: ["a", "b"] },
  ...overrides,
});

export async function createSession(token: string, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/sessions", { token, body: validSession(overrides) });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.data as {
    id: string;
    credits_required: number;
    websocket_url: string;
    estimated_completion: string;
    created_at: string;
  };
}

/** The Durable Object stub of a session's room (tests reach its storage and alarm, which the port does not expose). */
export const roomStub = (sessionId: string) => env.SESSION_ROOM.get(env.SESSION_ROOM.idFromName(sessionId));

/** The Durable Object stub of the scheduler shard that holds a session (as the sessions port picks it). */
export const schedulerStub = (sessionId: string) =>
  env.SESSION_SCHEDULER.get(env.SESSION_SCHEDULER.idFromName(`shard-${schedulerShardOf(sessionId)}`));

/**
 * Hold the session where it is: its room started (a pending session waits in its scheduler until
 * then), its next alarm pushed an hour out, so a test drives it step by step.
 */
async function holdRoom(sessionId: string) {
  await schedulerStub(sessionId).release(sessionId);
  await runInDurableObject(roomStub(sessionId), async (_room, state) => {
    if ((await state.storage.getAlarm()) !== null) await state.storage.setAlarm(Date.now() + 3_600_000);
  });
}

/**
 * Create a session and hold it pending. It is created on the real time scale, so its
 * first stage is minutes away (10 % of the duration) however loaded the machine is;
 * the hold then moves that alarm an hour out and the test drives it with stepRoom().
 * `headers` may name an organization to act for (X-Organization-Id).
 */
export async function heldSession(
  token: string,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const res = await api("POST", "/v1/sessions", {
    token,
    headers,
    body: validSession({ parameters: { duration: 3600 }, ...overrides }),
    vars: { ANALYSIS_TIME_SCALE: "1" },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  const s = res.body.data as Awaited<ReturnType<typeof createSession>>;
  await holdRoom(s.id);
  return s;
}

/** Run the room's next step now (and hold the one it schedules). */
export async function stepRoom(sessionId: string) {
  const ran = await runDurableObjectAlarm(roomStub(sessionId));
  await holdRoom(sessionId);
  return ran;
}

export async function getSession(token: string, id: string) {
  return (await api("GET", `/v1/sessions/${id}`, { token })).body.data;
}

/** Poll until the session reaches one of the statuses (real alarms, scaled time). */
export async function waitForStatus(token: string, id: string, statuses: string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getSession(token, id);
    if (statuses.includes(s.status)) return s;
    if (Date.now() > deadline) throw new Error(`session ${id} stuck in ${s.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function balance(token: string): Promise<number> {
  return (await api("GET", "/v1/users/me", { token })).body.data.credits;
}

/** Create a session and drive it to completion at once (no waiting on scaled time). */
export async function completedSession(token: string, overrides: Record<string, unknown> = {}) {
  const s = await heldSession(token, overrides);
  for (let i = 0; i < 4; i++) await stepRoom(s.id);
  return s;
}

/**
 * Give a test user a larger balance (long sessions cost more than the 100
 * starting credits): an adjustment through the ledger, so balance = SUM(delta) holds.
 */
export async function topUp(userId: string, credits = 1000) {
  const accountId = await accountIdOf(userId);
  const entry = {
    ledgerId: newId("led"),
    accountId,
    reason: "adjustment" as const,
    referenceId: newId("txn"),
    description: "Test top-up",
    at: new Date().toISOString(),
  };
  await env.DB.batch(creditStatements(env.DB, entry, credits));
}
