import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ledgerReference } from "../../../src/db/credits";
import { repriceStoredSession } from "../../../src/domain/sessions/lifecycle";
import { priceOf } from "../../../src/domain/sessions/pricing";
import { newId } from "../../../src/lib/ids";
import { accountIdOf, expectLedgerInvariant, purchase } from "../../support/billing";
import { testContext } from "../../support/context";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { balance, heldSession, roomStub, stepRoom, topUp, validSession, waitForStatus } from "../../support/sessions";

const repricings = async (sessionId: string) =>
  (
    await env.DB.prepare(
      "SELECT delta, reason FROM credit_ledger WHERE reason = 'session_reprice' AND reference_id LIKE ? ORDER BY created_at, id",
    )
      .bind(`${sessionId}:%`)
      .all()
  ).results;

const put = (token: string, id: string, priority: string) =>
  api("PUT", `/v1/sessions/${id}`, { token, body: { parameters: { priority } } });

// remote_viewing, 3600 s, one analysis type: 10 + 60 = 70 credits normal, ceil(105) = 105 high.
const NORMAL = 70;
const HIGH = 105;

describe("PUT parameters.priority re-prices a pending session", () => {
  it("upgrading charges the difference with the change, in one ledger row; the schedule and estimated_completion follow; a repeat changes nothing", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await heldSession(u.token);
    const before = await balance(u.token);

    const res = await put(u.token, s.id, "high");
    expect(res.status).toBe(200);
    expect(res.body.data.parameters.priority).toBe("high");
    expect(res.headers.get("X-Credits-Remaining")).toBe(String(before - (HIGH - NORMAL)));
    expect(await balance(u.token)).toBe(before - (HIGH - NORMAL));
    expect(await repricings(s.id)).toEqual([{ delta: -(HIGH - NORMAL), reason: "session_reprice" }]);

    const row = await env.DB.prepare(
      "SELECT priority, credits_required, credits_used, estimated_completion FROM sessions WHERE id = ?",
    )
      .bind(s.id)
      .first<Record<string, unknown>>();
    // The held session was created on the real time scale: high skips the 10 % queue wait of 3600 s.
    const created = Date.parse(s.created_at);
    expect(row).toEqual({
      priority: "high",
      credits_required: HIGH,
      credits_used: HIGH,
      estimated_completion: new Date(created + 3_240_000).toISOString(),
    });
    const state = await roomStub(s.id).snapshot();
    expect(state?.init.creditsPaid).toBe(HIGH);
    expect(state?.init.schedule.stepAt[0]).toBe(created);
    expect(state?.init.schedule.estimatedCompletion).toBe(created + 3_240_000);

    const again = await put(u.token, s.id, "high");
    expect(again.status).toBe(200);
    expect(await repricings(s.id)).toHaveLength(1);
    await expectLedgerInvariant(await accountIdOf(u.id));
  });

  it("an upgraded session starts processing at once (no queue wait); cancelling it refunds on the new price", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const start = await balance(u.token);
    const s = await heldSession(u.token);
    expect((await put(u.token, s.id, "high")).status).toBe(200);
    await waitForStatus(u.token, s.id, ["processing"]);
    const res = await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token });
    expect(res.status).toBe(200);
    // In initial_processing: the stages not begun (75 %) of the new price, rounded down.
    const refund = Math.floor(HIGH * 0.75);
    expect(res.body.refund.credits_refunded).toBe(refund);
    expect(res.headers.get("X-Credits-Remaining")).toBe(String(start - HIGH + refund));
    expect(await balance(u.token)).toBe(start - HIGH + refund);
    await expectLedgerInvariant(await accountIdOf(u.id));
  });

  it("an upgrade the balance does not cover is 409 INSUFFICIENT_CREDITS and changes nothing", async () => {
    const u = await registerUser(); // 100 starting credits: 70 paid, 30 left, the upgrade needs 35
    const s = await heldSession(u.token);
    expectErrorEnvelope(await put(u.token, s.id, "high"), 409, "INSUFFICIENT_CREDITS");
    expect(await balance(u.token)).toBe(30);
    expect(await repricings(s.id)).toEqual([]);
    const row = await env.DB.prepare("SELECT priority, credits_required FROM sessions WHERE id = ?").bind(s.id).first();
    expect(row).toEqual({ priority: "normal", credits_required: NORMAL });
  });

  it("a processing session is 409 SESSION_PRIORITY_FIXED, an ended one 409 SESSION_ALREADY_COMPLETED; the ledger is untouched", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await heldSession(u.token);
    await stepRoom(s.id); // starts processing
    const before = await balance(u.token);
    const err = expectErrorEnvelope(await put(u.token, s.id, "high"), 409, "SESSION_PRIORITY_FIXED");
    expect(err.details).toMatchObject({ session_id: s.id, field: "parameters.priority", status: "processing" });
    await api("DELETE", `/v1/sessions/${s.id}`, { token: u.token });
    expectErrorEnvelope(await put(u.token, s.id, "high"), 409, "SESSION_ALREADY_COMPLETED");
    expect(await repricings(s.id)).toEqual([]);
    expect(await balance(u.token)).toBeGreaterThanOrEqual(before);
  });

  it("a downgrade refunds the difference in the same batch as the change; replaying it changes nothing", async () => {
    const u = await registerUser();
    await topUp(u.id);
    const s = await heldSession(u.token);
    const acct = await accountIdOf(u.id);
    const at = () => new Date().toISOString();
    const reprice = (from: "normal" | "high", to: "normal" | "high", difference: number) => {
      const ledgerId = newId("led");
      return repriceStoredSession(testContext(), {
        sessionId: s.id,
        accountId: acct,
        from,
        to,
        credits: to === "high" ? HIGH : NORMAL,
        difference,
        estimatedCompletion: s.estimated_completion,
        ledger: {
          ledgerId,
          expiryLedgerId: newId("led"),
          referenceId: `${s.id}:${ledgerId}`,
          description: "test",
          at: at(),
        },
      });
    };
    const start = await balance(u.token);
    expect((await reprice("normal", "high", HIGH - NORMAL)).ok).toBe(true);
    const down = await reprice("high", "normal", NORMAL - HIGH);
    expect(down).toEqual({ ok: true, balance: start });
    // The same downgrade again finds the session already normal: no row, no refund.
    expect((await reprice("high", "normal", NORMAL - HIGH)).ok).toBe(false);
    expect(await repricings(s.id)).toEqual([
      { delta: -(HIGH - NORMAL), reason: "session_reprice" },
      { delta: HIGH - NORMAL, reason: "session_reprice" },
    ]);
    expect(await balance(u.token)).toBe(start);
    await expectLedgerInvariant(acct);
  });
});

type Op =
  | { kind: "create" }
  | { kind: "priority"; pick: number; to: "normal" | "high" }
  | { kind: "cancel"; pick: number }
  | { kind: "race"; pick: number }
  | { kind: "purchase" };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ kind: "create" as const }),
  fc.record({ kind: fc.constant("priority" as const), pick: fc.nat(), to: fc.constantFrom("normal", "high") }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("race" as const), pick: fc.nat() }),
  fc.constant({ kind: "purchase" as const }),
);

describe("credits under priority changes", () => {
  it("balance = SUM(ledger) ≥ 0 whatever the interleaving of creates, priority changes, cancels and purchases", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 8 }), async (ops) => {
        const u = await registerUser();
        const acct = await accountIdOf(u.id);
        const sessions: string[] = [];
        const pick = (n: number) => sessions[n % sessions.length]!;
        for (const o of ops) {
          // biome-ignore-start lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
          if (o.kind === "create") {
            // The real time scale keeps a normal session pending (its queue wait is minutes long).
            const res = await api("POST", "/v1/sessions", {
              token: u.token,
              body: validSession({ parameters: { duration: 1800 } }),
              vars: { ANALYSIS_TIME_SCALE: "1" },
            });
            expect([201, 409, 429]).toContain(res.status);
            if (res.status === 201) sessions.push(res.body.data.id);
          } else if (o.kind === "purchase") {
            expect(
              (await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" })).status,
            ).toBe(201);
          } else if (sessions.length > 0) {
            const id = pick(o.pick);
            if (o.kind === "priority") expect([200, 409]).toContain((await put(u.token, id, o.to)).status);
            else if (o.kind === "cancel")
              expect([200, 409]).toContain((await api("DELETE", `/v1/sessions/${id}`, { token: u.token })).status);
            else {
              const [a, b] = await Promise.all([
                put(u.token, id, "high"),
                api("DELETE", `/v1/sessions/${id}`, { token: u.token }),
              ]);
              expect([200, 409]).toContain(a.status);
              expect([200, 409]).toContain(b.status);
            }
          }
          // biome-ignore-end lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
          await expectLedgerInvariant(acct);
        }
        // Every session's ledger nets to what it finally cost: debit + re-pricings + refund = -credits_used.
        for (const id of sessions) {
          const row = await env.DB.prepare(
            `SELECT credits_used, (SELECT SUM(delta) FROM credit_ledger WHERE ${ledgerReference("credit_ledger")} = s.id OR reference_id LIKE s.id || ':%') AS net FROM sessions s WHERE id = ?`,
          )
            .bind(id)
            .first<{ credits_used: number; net: number }>();
          expect(row!.net + row!.credits_used).toBe(0);
        }
      }),
      { numRuns: 8 },
    );
  }, 180_000);
});

// The price table the assertions above rely on.
expect(priceOf("remote_viewing", { duration: 3600, analysis_types: ["visual"], priority: "normal" })).toBe(NORMAL);
expect(priceOf("remote_viewing", { duration: 3600, analysis_types: ["visual"], priority: "high" })).toBe(HIGH);
