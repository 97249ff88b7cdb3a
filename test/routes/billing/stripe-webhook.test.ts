import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { debitStatements } from "../../../src/db/credits";
import { verifyStripeSignature } from "../../../src/domain/billing/stripe-signature";
import { newId } from "../../../src/lib/ids";
import {
  accountIdOf,
  accountRow,
  endPeriodNow,
  expectLedgerInvariant,
  fireClock,
  purchase,
  stripeEnv,
} from "../../support/billing";
import { registerUser } from "../../support/factories";
import { apiWithEnv, expectErrorEnvelope } from "../../support/http";
import {
  deliver,
  dispute,
  failedIntent,
  gatewayReference,
  refundedCharge,
  signatureHeader,
  stripeEvent,
  WEBHOOK_SECRET,
} from "../../support/stripe-events";

/** A user who bought the starter package (100 credits, $10) with pm_card_visa: balance 100 included + 100 purchased. */
async function buyer() {
  const u = await registerUser();
  const acct = await accountIdOf(u.id);
  const res = await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" });
  expect(res.status, res.text).toBe(201);
  const txn = res.body.data.transaction_id as string;
  return { u, acct, txn, pi: await gatewayReference(txn) };
}

/** Spend credits as a session would (the real conditional debit). */
async function spend(acct: string, amount: number) {
  const at = new Date().toISOString();
  const entry = {
    ledgerId: newId("led"),
    accountId: acct,
    reason: "session_debit" as const,
    referenceId: `test_${crypto.randomUUID()}`,
    description: "spent",
    at,
  };
  await env.DB.batch(debitStatements(env.DB, entry, amount));
}

const balanceOf = async (acct: string) => (await accountRow(acct)).balance as number;

async function transaction(id: string) {
  return env.DB.prepare("SELECT status, credits_reversed, failure_code FROM transactions WHERE id = ?")
    .bind(id)
    .first<{ status: string; credits_reversed: number; failure_code: string | null }>();
}

async function outboxed(type: string, transactionId: string) {
  const rows = await env.DB.prepare("SELECT message FROM event_outbox WHERE message LIKE ? AND message LIKE ?")
    .bind(`%"type":"${type}"%`, `%${transactionId}%`)
    .all<{ message: string }>();
  return rows.results.map((r) => JSON.parse(r.message) as { type: string; data: Record<string, unknown> });
}

describe("POST /v1/billing/stripe/webhook: signatures", () => {
  it("a valid signature is accepted; an unknown event type is acknowledged and ignored", async () => {
    const res = await deliver(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ type: "customer.created", outcome: "ignored" });
  });

  it("a tampered body is 400 WEBHOOK_SIGNATURE_INVALID and changes nothing", async () => {
    const { acct, pi } = await buyer();
    const signed = JSON.stringify(stripeEvent("charge.refunded", refundedCharge(pi, 1000, 1)));
    const tampered = signed.replace('"amount_refunded":1', '"amount_refunded":1000');
    const err = expectErrorEnvelope(
      await deliver(tampered, { header: await signatureHeader(signed) }),
      400,
      "WEBHOOK_SIGNATURE_INVALID",
    );
    expect(err.details).toMatchObject({ field: "Stripe-Signature", reason: "no signature matches" });
    expect(await balanceOf(acct)).toBe(200);
  });

  it("a signature made with another secret, a missing header or a malformed one is refused", async () => {
    const body = JSON.stringify(stripeEvent("customer.created", { id: "cus_x" }));
    for (const header of [await signatureHeader(body, "whsec_someone_else"), null, "garbage", "t=abc,v1=zz"]) {
      expectErrorEnvelope(await deliver(body, { header }), 400, "WEBHOOK_SIGNATURE_INVALID");
    }
  });

  it("a timestamp more than 300 s away is stale, even with a correct signature", async () => {
    const body = JSON.stringify(stripeEvent("customer.created", { id: "cus_x" }));
    // Offsets well past 300 s, read from the clock at each delivery: a slow machine must not
    // carry a "future" timestamp back inside the tolerance while the test runs.
    const secondsFromNow = (offset: number) => Math.floor(Date.now() / 1000) + offset;
    for (const offset of [-400, 400]) {
      const err = expectErrorEnvelope(
        await deliver(body, { header: await signatureHeader(body, WEBHOOK_SECRET, secondsFromNow(offset)) }),
        400,
        "WEBHOOK_SIGNATURE_INVALID",
      );
      expect(err.details.reason).toBe("timestamp outside the tolerance");
    }
    const late = await signatureHeader(body, WEBHOOK_SECRET, secondsFromNow(-250));
    expect((await deliver(body, { header: late })).status).toBe(200);
    // The boundary itself, on a fixed clock: 300 s either way is inside, 301 s is not.
    const t0 = 1_800_000_000;
    const fixed = await signatureHeader(body, WEBHOOK_SECRET, t0);
    const at = (offset: number) => verifyStripeSignature(fixed, body, [WEBHOOK_SECRET], (t0 + offset) * 1000);
    expect([(await at(-300)).ok, (await at(300)).ok, (await at(-301)).ok, (await at(301)).ok]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("secret rotation: any of several v1 values, and any of several configured secrets, may match", async () => {
    const body = JSON.stringify(stripeEvent("customer.created", { id: "cus_x" }));
    const t = Math.floor(Date.now() / 1000);
    const good = (await signatureHeader(body, WEBHOOK_SECRET, t)).split(",v1=")[1];
    const old = (await signatureHeader(body, "whsec_old_secret", t)).split(",v1=")[1];
    expect((await deliver(body, { header: `t=${t},v1=${old},v1=${good},v0=${"0".repeat(64)}` })).status).toBe(200);
    const other = JSON.stringify(stripeEvent("customer.created", { id: "cus_y" }));
    expect(
      (
        await deliver(other, {
          header: await signatureHeader(other, "whsec_old_secret"),
          secret: `whsec_old_secret, ${WEBHOOK_SECRET}`,
        })
      ).status,
    ).toBe(200);
  });

  it("without a configured signing secret the endpoint is unavailable (503)", async () => {
    const body = JSON.stringify(stripeEvent("customer.created", { id: "cus_x" }));
    expectErrorEnvelope(
      await deliver(body, { overrides: { STRIPE_WEBHOOK_SECRET: undefined } }),
      503,
      "PAYMENT_PROVIDER_UNAVAILABLE",
    );
  });

  it("a signed body that is not a Stripe event is 400 INVALID_REQUEST_BODY", async () => {
    expectErrorEnvelope(await deliver("{not json"), 400, "INVALID_REQUEST_BODY");
    expectErrorEnvelope(await deliver({ id: "nope", type: "x" }), 400, "INVALID_REQUEST_BODY");
  });
});

describe("POST /v1/billing/stripe/webhook: late outcomes", () => {
  it("charge.refunded takes the purchase's credits back once; a redelivery is a 200 no-op", async () => {
    const { acct, txn, pi } = await buyer();
    const event = stripeEvent("charge.refunded", refundedCharge(pi, 1000));
    const first = await deliver(event);
    expect(first.body.data).toMatchObject({ event_id: event.id, outcome: "applied" });
    expect(await balanceOf(acct)).toBe(100);
    expect(await transaction(txn)).toMatchObject({ status: "refunded", credits_reversed: 100 });
    const again = await deliver(event);
    expect(again.status).toBe(200);
    expect(again.body.data.outcome).toBe("duplicate");
    expect(await balanceOf(acct)).toBe(100);
    const [reversed] = await outboxed("billing.payment_reversed", txn);
    expect(reversed?.data).toMatchObject({
      transaction_id: txn,
      reason: "refund",
      credits_reversed: 100,
      credits_unrecoverable: 0,
      new_balance: 100,
    });
    await expectLedgerInvariant(acct);
  });

  it("concurrent deliveries of one event apply it once", async () => {
    const { acct, pi } = await buyer();
    const event = stripeEvent("charge.dispute.created", dispute(pi, 1000));
    const results = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.data.outcome === "applied")).toHaveLength(1);
    expect(await balanceOf(acct)).toBe(100);
    await expectLedgerInvariant(acct);
  });

  it("credits already spent are not taken below zero: the shortfall is reported as unrecoverable", async () => {
    const { acct, txn, pi } = await buyer();
    await spend(acct, 150);
    expect(await balanceOf(acct)).toBe(50);
    const res = await deliver(stripeEvent("charge.dispute.created", dispute(pi, 1000)));
    expect(res.body.data.outcome).toBe("applied");
    const row = await accountRow(acct);
    expect(row).toMatchObject({ balance: 0, included_balance: 0 });
    expect(await transaction(txn)).toMatchObject({ status: "disputed", credits_reversed: 100 });
    const [reversed] = await outboxed("billing.payment_reversed", txn);
    expect(reversed?.data).toMatchObject({ reason: "dispute", credits_reversed: 50, credits_unrecoverable: 50 });
    await expectLedgerInvariant(acct);
  });

  it("purchased credits are taken back before included ones", async () => {
    const { acct, pi } = await buyer();
    await spend(acct, 30);
    // 70 included + 100 purchased left; the refund takes the 100 purchased.
    await deliver(stripeEvent("charge.refunded", refundedCharge(pi, 1000)));
    expect(await accountRow(acct)).toMatchObject({ balance: 70, included_balance: 70 });
  });

  it("a partial refund takes back the same share; a later full refund the rest", async () => {
    const { acct, txn, pi } = await buyer();
    await deliver(stripeEvent("charge.refunded", refundedCharge(pi, 1000, 250)));
    expect(await balanceOf(acct)).toBe(175);
    expect(await transaction(txn)).toMatchObject({ status: "completed", credits_reversed: 25 });
    await deliver(stripeEvent("charge.refunded", refundedCharge(pi, 1000, 1000)));
    expect(await balanceOf(acct)).toBe(100);
    expect(await transaction(txn)).toMatchObject({ status: "refunded", credits_reversed: 100 });
    await expectLedgerInvariant(acct);
  });

  it("payment_intent.payment_failed for a purchase takes its credits back and marks it failed", async () => {
    const { acct, txn, pi } = await buyer();
    const res = await deliver(stripeEvent("payment_intent.payment_failed", failedIntent(pi, 1000)));
    expect(res.body.data.outcome).toBe("applied");
    expect(await balanceOf(acct)).toBe(100);
    expect(await transaction(txn)).toMatchObject({ status: "failed", failure_code: "insufficient_funds" });
  });

  it("an event about a charge we do not know is acknowledged and ignored", async () => {
    const res = await deliver(stripeEvent("charge.refunded", refundedCharge("pi_unknown", 1000)));
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe("ignored");
  });

  it("a subscription fee failing after renewal: past_due, dunning from now, the period's included credits taken back", async () => {
    const u = await registerUser({ tier: "professional" });
    const acct = await accountIdOf(u.id);
    expect((await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" })).status).toBe(
      201,
    );
    await endPeriodNow(acct);
    await fireClock(acct);
    const renewed = await accountRow(acct);
    expect(renewed).toMatchObject({ status: "active", tier: "professional", included_balance: 1000 });
    const fee = await env.DB.prepare(
      "SELECT id, gateway_reference FROM transactions WHERE account_id = ? AND type = 'subscription_fee' AND status = 'completed'",
    )
      .bind(acct)
      .first<{ id: string; gateway_reference: string }>();
    const before = Date.now();
    const res = await deliver(stripeEvent("payment_intent.payment_failed", failedIntent(fee!.gateway_reference, 4900)));
    expect(res.body.data.outcome).toBe("applied");
    const row = await accountRow(acct);
    // The 100 purchased credits stay; the renewal's 1,000 included ones go.
    expect(row).toMatchObject({ status: "past_due", dunning_attempts: 1, included_balance: 0, balance: 100 });
    expect(Date.parse(row.current_period_end)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(row.next_action_at)).toBeGreaterThan(Date.parse(row.current_period_end));
    expect(await transaction(fee!.id)).toMatchObject({ status: "failed", failure_code: "insufficient_funds" });
    const [failed] = await outboxed("billing.payment_failed", fee!.id);
    expect(failed?.data).toMatchObject({ late: true, attempt: 1, decline_code: "insufficient_funds" });
    await expectLedgerInvariant(acct);
    // The dunning retry charges a fresh period from the failure and settles the account.
    await endPeriodNow(acct);
    await fireClock(acct);
    expect(await accountRow(acct)).toMatchObject({ status: "active", tier: "professional", dunning_attempts: 0 });
    await expectLedgerInvariant(acct);
  });

  it("end to end through Stripe: a purchase's PaymentIntent refunded later takes its credits back", async () => {
    const stripe = stripeEnv();
    const u = await registerUser();
    const acct = await accountIdOf(u.id);
    const res = await apiWithEnv(stripe, "POST", "/v1/billing/credits/purchase", {
      token: u.token,
      body: { credit_package: "standard", payment_method_id: "pm_card_visa" },
    });
    expect(res.status, res.text).toBe(201);
    const pi = await gatewayReference(res.body.data.transaction_id);
    expect(pi).toMatch(/^pi_/);
    await deliver(stripeEvent("charge.refunded", refundedCharge(pi, 4500)));
    expect(await balanceOf(acct)).toBe(100);
  });
});

describe("reversals keep the ledger invariant", () => {
  type Op =
    | { kind: "buy" }
    | { kind: "spend"; amount: number }
    | { kind: "refund"; pick: number; share: number }
    | { kind: "dispute"; pick: number }
    | { kind: "fail"; pick: number }
    | { kind: "redeliver" };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.constant({ kind: "buy" as const }),
    fc.record({ kind: fc.constant("spend" as const), amount: fc.integer({ min: 1, max: 250 }) }),
    fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 1000 }) }),
    fc.record({ kind: fc.constant("dispute" as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant("fail" as const), pick: fc.nat() }),
    fc.constant({ kind: "redeliver" as const }),
  );

  it("random purchases, spending, refunds, disputes, late failures and redeliveries: balance = SUM(ledger) ≥ 0, reversals ≤ credits", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 8 }), async (ops) => {
        const u = await registerUser();
        const acct = await accountIdOf(u.id);
        const charges: { txn: string; pi: string }[] = [];
        let last: unknown = null;
        for (const o of ops) {
          const target = charges.length ? charges[("pick" in o ? o.pick : 0) % charges.length] : undefined;
          // biome-ignore-start lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
          if (o.kind === "buy") {
            const res = await purchase(u.token, { credit_package: "starter", payment_method_id: "pm_card_visa" });
            charges.push({
              txn: res.body.data.transaction_id,
              pi: await gatewayReference(res.body.data.transaction_id),
            });
          } else if (o.kind === "spend") {
            await spend(acct, o.amount);
          } else if (o.kind === "redeliver") {
            if (last) expect((await deliver(last)).status).toBe(200);
          } else if (target) {
            last =
              o.kind === "refund"
                ? stripeEvent("charge.refunded", refundedCharge(target.pi, 1000, o.share))
                : o.kind === "dispute"
                  ? stripeEvent("charge.dispute.created", dispute(target.pi, 1000))
                  : stripeEvent("payment_intent.payment_failed", failedIntent(target.pi, 1000));
            expect((await deliver(last)).status).toBe(200);
          }
          // biome-ignore-end lint/nursery/noConditionalExpect: a model-based test: each command asserts its own outcome, and which command runs is the model's draw
          await expectLedgerInvariant(acct);
          const over = await env.DB.prepare(
            "SELECT COUNT(*) AS n FROM transactions WHERE account_id = ? AND (credits_reversed > credits OR credits_reversed < 0)",
          )
            .bind(acct)
            .first<{ n: number }>();
          expect(over?.n).toBe(0);
        }
      }),
      { numRuns: 10 },
    );
  }, 180_000);
});

describe("the webhook under random input", () => {
  it("an unsigned request is always a 4xx envelope, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.option(fc.string({ maxLength: 80 })), async (body, header) => {
        const res = await apiWithEnv({}, "POST", "/v1/billing/stripe/webhook", {
          raw: body,
          headers: { "content-type": "application/json", ...(header === null ? {} : { "Stripe-Signature": header }) },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
      }),
      { numRuns: 40, seed: 20261123 },
    );
  });
});
