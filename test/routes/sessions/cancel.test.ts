// DELETE /v1/sessions/{id}: cancellation and its refund record (spec §3). Who may call it (another account's session is 404, the family's scope) is tested for every
// session route at once in test/routes/sessions/access.test.ts and test/security/api1-bola.test.ts.
// Refund buckets under attack: test/security/refund-buckets.test.ts.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import {
  balance,
  createSession,
  getSession,
  heldSession,
  roomStub,
  stepRoom,
  waitForStatus,
} from "../../support/sessions";

describe("DELETE /v1/sessions/{id}", () => {
  it("cancels a pending session with a full refund", async () => {
    const u = await registerUser();
    const s = await heldSession(u.token);
    const res = await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      refund: { credits_refunded: s.credits_required, refund_reason: "cancelled_before_processing" },
    });
    const after = await getSession(u.token, s.id);
    expect(after).toMatchObject({
      status: "cancelled",
      credits_used: 0,
      credits_refunded: s.credits_required,
      started_at: null,
    });
    expect(after.cancelled_at).not.toBeNull();
    expect(await balance(u.token)).toBe(100);
    // Its processing stopped: no alarm left, and running one changes nothing.
    expect(await runDurableObjectAlarm(roomStub(s.id))).toBe(false);
    expect((await getSession(u.token, s.id)).status).toBe("cancelled");
    expectErrorEnvelope(
      await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token }),
      409,
      "SESSION_ALREADY_COMPLETED",
    );
  });

  it("cancels a processing session with the pro-rata refund of the stages not begun", async () => {
    const u = await registerUser();
    // remote_viewing, 3600 s: 10 + 60 = 70 credits.
    const s = await heldSession(u.token);
    await stepRoom(s.id); // processing, initial_processing in progress
    await stepRoom(s.id); // deep_analysis in progress: only final_validation (25 %) not begun
    const res = await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.refund).toEqual({
      credits_refunded: Math.floor(70 * 0.25),
      refund_reason: "cancelled_during_processing",
    });
    const after = await getSession(u.token, s.id);
    expect(after).toMatchObject({ status: "cancelled", credits_used: 70 - 17, credits_refunded: 17 });
    expect(await balance(u.token)).toBe(100 - 70 + 17);
    const ledger = await env.DB.prepare(
      "SELECT delta, reason FROM credit_ledger WHERE reference_id = ? AND reason = 'session_refund'",
    )
      .bind(s.id)
      .all();
    expect(ledger.results).toEqual([{ delta: 17, reason: "session_refund" }]);
  });

  it("409 on changing or cancelling a completed session", async () => {
    const u = await registerUser();
    const s = await createSession(u.token);
    await waitForStatus(u.token, s.id, ["completed"]);
    expectErrorEnvelope(
      await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token }),
      409,
      "SESSION_ALREADY_COMPLETED",
    );
    expectErrorEnvelope(
      await api("PUT", `/v1/sessions/${s.id}`, { token: u.token, body: { metadata: { tags: ["late"] } } }),
      409,
      "SESSION_ALREADY_COMPLETED",
    );
    expect(await balance(u.token)).toBe(100 - s.credits_required);
  });
});
