import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testGatewayCharges } from "../../../src/adapters/payments/test";
import { addCard, CARDS, purchase } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { failingD1 } from "../../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../../support/http";
import { tokenWithScopes } from "../../support/tokens";

const balance = async (token: string) => (await api("GET", "/v1/users/me", { token })).body.data.credits as number;

describe("POST /v1/billing/credits/purchase", () => {
  it("charges the card and credits the balance once, with a ledger row and a transaction", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const res = await purchase(u.token, { credit_package: "standard", payment_method_id: pm, quantity: 2 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      credits_purchased: 1000,
      amount: 90,
      currency: "USD",
      payment_status: "succeeded",
      new_balance: 1100,
    });
    expect(res.body.data.transaction_id).toMatch(/^txn_\d+$/);
    expect(await balance(u.token)).toBe(1100);
    const ledger = await env.DB.prepare(
      "SELECT delta FROM credit_ledger WHERE reason = 'credit_purchase' AND reference_id = ?",
    )
      .bind(res.body.data.transaction_id)
      .all();
    expect(ledger.results).toEqual([{ delta: 1000 }]);
    const txn = await env.DB.prepare("SELECT status, amount_cents, credits FROM transactions WHERE id = ?")
      .bind(res.body.data.transaction_id)
      .first();
    expect(txn).toEqual({ status: "completed", amount_cents: 9000, credits: 1000 });
  });

  it("quantity defaults to 1", async () => {
    const u = await registerUser();
    const res = await purchase(u.token, { credit_package: "starter", payment_method_id: await addCard(u.token) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ credits_purchased: 100, amount: 10 });
  });

  it("a declined card is 402 PAYMENT_DECLINED: no credits, a failed transaction recorded", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.declined);
    const err = expectErrorEnvelope(
      await purchase(u.token, { credit_package: "starter", payment_method_id: pm, quantity: 1 }),
      402,
      "PAYMENT_DECLINED",
    );
    expect(err.details.decline_code).toBe("card_declined");
    expect(await balance(u.token)).toBe(100);
    const txn = await env.DB.prepare("SELECT status, failure_code FROM transactions WHERE id = ?")
      .bind(err.details.transaction_id)
      .first();
    expect(txn).toEqual({ status: "failed", failure_code: "card_declined" });
  });

  it("insufficient funds is a decline too", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.insufficientFunds);
    const err = expectErrorEnvelope(
      await purchase(u.token, { credit_package: "starter", payment_method_id: pm }),
      402,
      "PAYMENT_DECLINED",
    );
    expect(err.details.decline_code).toBe("insufficient_funds");
  });

  it("a transient processor failure is 502 PAYMENT_FAILED with Retry-After, and nothing is credited", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.processingError);
    const res = await purchase(u.token, { credit_package: "starter", payment_method_id: pm });
    expectErrorEnvelope(res, 502, "PAYMENT_FAILED");
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await balance(u.token)).toBe(100);
  });

  it("another user's payment method is 404, and an unknown one too", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const pm = await addCard(owner.token);
    expectErrorEnvelope(
      await purchase(other.token, { credit_package: "starter", payment_method_id: pm }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expectErrorEnvelope(
      await purchase(other.token, { credit_package: "starter", payment_method_id: "pm_123" }),
      404,
      "RESOURCE_NOT_FOUND",
    );
    expect(await balance(other.token)).toBe(100);
  });

  it.each([
    [{ credit_package: "gold", quantity: 1 }, "credit_package", "INVALID_FIELD_VALUE"],
    [{ credit_package: "starter", quantity: 0 }, "quantity", "INVALID_FIELD_VALUE"],
    [{ credit_package: "starter", quantity: 11 }, "quantity", "INVALID_FIELD_VALUE"],
    [{ credit_package: "starter", quantity: 1.5 }, "quantity", "INVALID_FIELD_VALUE"],
    [{ credit_package: "starter", payment_method_id: undefined }, "payment_method_id", "MISSING_REQUIRED_FIELD"],
    [{ credit_package: "starter", payment_method_id: "card_1" }, "payment_method_id", "INVALID_FIELD_VALUE"],
  ])("validates %j → 422 on %s", async (body, field, code) => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const err = expectErrorEnvelope(await purchase(u.token, { payment_method_id: pm, ...body }), 422, code);
    expect(err.details.field).toBe(field);
  });

  it("needs the profile scope and a credential", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    expectErrorEnvelope(
      await api("POST", "/v1/billing/credits/purchase", { body: { credit_package: "starter", payment_method_id: pm } }),
      401,
      "AUTHENTICATION_REQUIRED",
    );
    const readOnly = await tokenWithScopes(u.id, ["analytics:read"]);
    expectErrorEnvelope(
      await purchase(readOnly, { credit_package: "starter", payment_method_id: pm }),
      403,
      "INSUFFICIENT_PERMISSIONS",
    );
  });
});

describe("Idempotency-Key on purchase", () => {
  it("a retry returns the first result without charging again", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const body = { credit_package: "starter", payment_method_id: pm, quantity: 1 };
    const first = await purchase(u.token, body, { "Idempotency-Key": "order-1" });
    // Key order and whitespace do not matter.
    const again = await purchase(
      u.token,
      { quantity: 1, payment_method_id: pm, credit_package: "starter" },
      { "Idempotency-Key": "order-1" },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await balance(u.token)).toBe(200);
    const txns = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM transactions WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?)",
    )
      .bind(u.id)
      .first();
    expect(txns).toEqual({ n: 1 });
  });

  it("the same key with a different body is refused with 422", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    expect(
      (await purchase(u.token, { credit_package: "starter", payment_method_id: pm }, { "Idempotency-Key": "k-2" }))
        .status,
    ).toBe(201);
    expectErrorEnvelope(
      await purchase(u.token, { credit_package: "pro", payment_method_id: pm }, { "Idempotency-Key": "k-2" }),
      422,
      "IDEMPOTENCY_KEY_MISMATCH",
    );
    expect(await balance(u.token)).toBe(200);
  });

  it("keys are per user: another user's identical key is independent", async () => {
    const a = await registerUser();
    const b = await registerUser();
    expect(
      (
        await purchase(
          a.token,
          { credit_package: "starter", payment_method_id: await addCard(a.token) },
          { "Idempotency-Key": "shared" },
        )
      ).status,
    ).toBe(201);
    const res = await purchase(
      b.token,
      { credit_package: "starter", payment_method_id: await addCard(b.token) },
      { "Idempotency-Key": "shared" },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a decline is replayed too (the card is not charged again)", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.declined);
    const first = await purchase(
      u.token,
      { credit_package: "starter", payment_method_id: pm },
      { "Idempotency-Key": "d-1" },
    );
    const again = await purchase(
      u.token,
      { credit_package: "starter", payment_method_id: pm },
      { "Idempotency-Key": "d-1" },
    );
    expect(first.status).toBe(402);
    expect(again.status).toBe(402);
    expect(again.body.error.details.transaction_id).toBe(first.body.error.details.transaction_id);
  });

  it("a transient failure releases the key so the same key can retry the charge", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.processingError);
    expect(
      (await purchase(u.token, { credit_package: "starter", payment_method_id: pm }, { "Idempotency-Key": "t-1" }))
        .status,
    ).toBe(502);
    const again = await purchase(
      u.token,
      { credit_package: "starter", payment_method_id: pm },
      { "Idempotency-Key": "t-1" },
    );
    expect(again.status).toBe(502);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
  });

  it("concurrent requests with one key charge once", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        purchase(u.token, { credit_package: "starter", payment_method_id: pm }, { "Idempotency-Key": "race" }),
      ),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(await balance(u.token)).toBe(200);
  });

  it("refuses a malformed key", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const err = expectErrorEnvelope(
      await purchase(
        u.token,
        { credit_package: "starter", payment_method_id: pm },
        { "Idempotency-Key": "x".repeat(256) },
      ),
      422,
      "FIELD_TOO_LONG",
    );
    expect(err.details.field).toBe("Idempotency-Key");
  });

  it("D1 failing after the charge: the retry with the same key reuses the first charge, never a second one", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const request = {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: pm, quantity: 1 },
      headers: { "Idempotency-Key": `after-charge-${crypto.randomUUID()}` },
    };
    const failing = failingD1(env.DB, { match: /INSERT INTO event_outbox/i });
    const before = testGatewayCharges().length;
    const first = await apiWithEnv({ DB: failing.db }, "POST", "/v1/billing/credits/purchase", request);
    expectErrorEnvelope(first, 500, "DATABASE_ERROR");
    expect(failing.failed).toHaveLength(1);
    const firstCharge = testGatewayCharges().slice(before);
    expect(firstCharge).toHaveLength(1);
    expect(firstCharge[0]!.result.status).toBe("succeeded");
    expect(await balance(u.token)).toBe(100);

    const retry = await api("POST", "/v1/billing/credits/purchase", request);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data.new_balance).toBe(200);
    const txn = await env.DB.prepare("SELECT gateway_reference, idempotency_key FROM transactions WHERE id = ?")
      .bind(retry.body.data.transaction_id)
      .first<{ gateway_reference: string; idempotency_key: string }>();
    expect(txn?.idempotency_key).toBe(firstCharge[0]!.idempotencyKey);
    expect(txn?.gateway_reference).toBe((firstCharge[0]!.result as { chargeId: string }).chargeId);
    expect(testGatewayCharges().filter((c) => c.idempotencyKey === txn?.idempotency_key)).toHaveLength(1);
  });

  it("a recorded transient failure moves the retry to the next gateway key (a processor caches failures per key)", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token, CARDS.processingError);
    const request = { credit_package: "starter", payment_method_id: pm };
    const headers = { "Idempotency-Key": `transient-${crypto.randomUUID()}` };
    const before = testGatewayCharges().length;
    expect((await purchase(u.token, request, headers)).status).toBe(502);
    expect((await purchase(u.token, request, headers)).status).toBe(502);
    const keys = testGatewayCharges()
      .slice(before)
      .map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^pur_[0-9a-f]{40}_1$/);
    expect(keys[1]).toBe(keys[0]!.replace(/_1$/, "_2"));
  });

  it("without an Idempotency-Key every request is a new charge", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const body = { credit_package: "starter", payment_method_id: pm };
    const a = await purchase(u.token, body);
    const b = await purchase(u.token, body);
    expect(a.body.data.transaction_id).not.toBe(b.body.data.transaction_id);
    expect(await balance(u.token)).toBe(300);
  });
});

describe("a purchase whose response was lost after it committed", () => {
  it("the retry after the key's lock lapses answers the committed purchase, charging and crediting nothing again", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    const key = `lost-${crypto.randomUUID()}`;
    const request = {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: pm },
      headers: { "Idempotency-Key": key },
    };
    // The purchase commits; storing its response for replay fails.
    const failing = failingD1(env.DB, { match: /UPDATE idempotency_keys SET status = 'completed'/ });
    const first = await apiWithEnv({ DB: failing.db }, "POST", "/v1/billing/credits/purchase", request);
    expect(first.status).toBe(500);
    expect(await balance(u.token)).toBe(200);
    const charges = testGatewayCharges().length;
    await env.DB.prepare("UPDATE idempotency_keys SET locked_until = ?2 WHERE key = ?1")
      .bind(key, new Date(Date.now() - 1000).toISOString())
      .run();

    const retry = await api("POST", "/v1/billing/credits/purchase", request);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data).toMatchObject({ credits_purchased: 100, new_balance: 200 });
    expect(await balance(u.token)).toBe(200);
    expect(testGatewayCharges().length).toBe(charges);
    const completed = await env.DB.prepare(
      "SELECT id FROM transactions WHERE account_id = (SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?) AND status = 'completed'",
    )
      .bind(u.id)
      .all<{ id: string }>();
    expect(completed.results.map((r) => r.id)).toEqual([retry.body.data.transaction_id]);
  });

  it("is counted once in the credits-sold metric: neither the retry nor a replay of its key counts again", async () => {
    const u = await registerUser();
    const pm = await addCard(u.token);
    // METRICS keeps what the real code writes to it (src/adapters/metrics/analytics-engine.ts).
    const points: AnalyticsEngineDataPoint[] = [];
    const METRICS = { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) };
    const creditsSold = () => points.filter((p) => p.blobs?.[0] === "credits_sold");
    const request = (key: string) => ({
      token: u.token,
      body: { credit_package: "starter", payment_method_id: pm },
      headers: { "Idempotency-Key": key },
    });
    const key = `counted-${crypto.randomUUID()}`;
    // The purchase commits (and counts); storing its response for replay fails, so the client retries.
    const failing = failingD1(env.DB, { match: /UPDATE idempotency_keys SET status = 'completed'/ });
    const first = await apiWithEnv({ DB: failing.db, METRICS }, "POST", "/v1/billing/credits/purchase", request(key));
    expect(first.status).toBe(500);
    await env.DB.prepare("UPDATE idempotency_keys SET locked_until = ?2 WHERE key = ?1")
      .bind(key, new Date(Date.now() - 1000).toISOString())
      .run();
    const retry = await apiWithEnv({ METRICS }, "POST", "/v1/billing/credits/purchase", request(key));
    expect(retry.status, retry.text).toBe(201);
    const replay = await apiWithEnv({ METRICS }, "POST", "/v1/billing/credits/purchase", request(key));
    expect(replay.status, replay.text).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const sale = {
      indexes: ["credits_sold"],
      blobs: ["credits_sold", "starter", retry.body.data.currency],
      doubles: [1, 100, retry.body.data.amount],
    };
    expect(creditsSold()).toEqual([sale]);

    // A new key is a new sale, counted.
    const next = await apiWithEnv({ METRICS }, "POST", "/v1/billing/credits/purchase", request(`${key}-next`));
    expect(next.status, next.text).toBe(201);
    expect(creditsSold()).toEqual([sale, sale]);
  });
});
