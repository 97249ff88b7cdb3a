import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addCard, CARDS } from "../support/billing";
import { registerUser } from "../support/factories";
import { api, expectErrorEnvelope } from "../support/http";
import { validSession } from "../support/sessions";

/**
 * API6:2023 Unrestricted Access to Sensitive Business Flows.
 * Flows worth abusing here: spending credits (session creation), buying
 * credits, and refunds on cancellation.
 * Attacks: racing many paid creations to overdraw the balance; double-
 * submitting a purchase; cancelling twice to be refunded twice.
 * Expected: the balance never goes below 0 and always equals the ledger;
 * a purchase retried with its Idempotency-Key charges once
 * (test/middleware/idempotency.test.ts covers all four idempotent routes);
 * a refund happens once.
 */
const balance = async (token: string) => (await api("GET", "/v1/users/me", { token })).body.data.credits as number;
const ledgerSum = async (userId: string) =>
  (await env.DB.prepare(
    "SELECT COALESCE(SUM(delta), 0) AS n FROM credit_ledger WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?)",
  )
    .bind(userId)
    .first<{ n: number }>())!.n;

describe("API6 sensitive business flows", () => {
  it("racing session creations cannot overdraw credits (100 credits, 8 × 74-credit sessions → one)", async () => {
    const u = await registerUser();
    const body = validSession({ parameters: { duration: 3600, analysis_types: ["visual", "spatial", "temporal"] } });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api("POST", "/v1/sessions", { token: u.token, body })),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    expect(created[0]!.body.data.credits_required).toBe(74);
    for (const r of results.filter((r) => r.status !== 201)) expectErrorEnvelope(r, 409, "INSUFFICIENT_CREDITS");
    expect(await balance(u.token)).toBe(26);
    expect(await ledgerSum(u.id)).toBe(26);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(u.id).first("n")).toBe(1);
  });

  it("cancelling twice refunds once", async () => {
    const u = await registerUser();
    const created = await api("POST", "/v1/sessions", {
      token: u.token,
      body: validSession({ parameters: { duration: 3600 } }),
    });
    expect(created.status).toBe(201);
    const [first, second] = await Promise.all(
      [1, 2].map(() => api("DELETE", `/v1/sessions/${created.body.data.id}`, { token: u.token })),
    );
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect(await balance(u.token)).toBe(100);
    expect(await ledgerSum(u.id)).toBe(100);
  });

  it("a double-submitted purchase with one Idempotency-Key charges once; without a key each submit is a purchase", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.visa);
    const body = { credit_package: "starter", payment_method_id: pm };
    const same = await Promise.all(
      [1, 2, 3].map(() =>
        api("POST", "/v1/billing/credits/purchase", {
          token: u.token,
          body,
          headers: { "Idempotency-Key": "checkout-42" },
        }),
      ),
    );
    expect(same.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await balance(u.token)).toBe(200);
    expect(
      await env.DB.prepare(
        "SELECT COUNT(*) AS n FROM transactions WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?) AND status = 'completed'",
      )
        .bind(u.id)
        .first("n"),
    ).toBe(1);
  });

  it("the balance cannot be driven negative even by a direct write (CHECK constraint)", async () => {
    const u = await registerUser();
    await expect(
      env.DB.prepare("UPDATE billing_accounts SET balance = -1 WHERE owner_type = 'user' AND owner_id = ?")
        .bind(u.id)
        .run(),
    ).rejects.toThrow(/CHECK/);
  });
});
