import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addCard } from "../support/billing";
import { registerUser } from "../support/factories";
import { failingD1 } from "../support/faults";
import { api, apiWithEnv, expectErrorEnvelope } from "../support/http";
import { balance, validSession } from "../support/sessions";

/**
 * Spec part 7: a failed database operation is 500 DATABASE_ERROR, its cause
 * only logged. Writes that belong together are one D1 batch, so a statement
 * failing anywhere in it leaves nothing half-done, and the client's retry with
 * the same Idempotency-Key (released on 5xx) does the work once.
 */
const count = async (sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

function expectDatabaseError(res: Awaited<ReturnType<typeof api>>) {
  const err = expectErrorEnvelope(res, 500, "DATABASE_ERROR");
  expect(err.message).toBe("A database operation failed.");
  // The cause (SQL, table names, D1's text) stays in the logs.
  expect(res.text).not.toMatch(/sqlite|no such table|injected|D1_|select|insert/i);
  expect(err.details).toEqual({});
}

describe("DATABASE_ERROR", () => {
  it("a read that fails in D1 is 500 DATABASE_ERROR without the cause", async () => {
    const u = await registerUser();
    const failing = failingD1(env.DB, { match: /from "sessions"/i });
    const res = await apiWithEnv({ DB: failing.db }, "GET", "/v1/sessions", { token: u.token });
    expect(failing.failed).toHaveLength(1);
    expectDatabaseError(res);
  });

  for (const [what, match] of [
    ["the session insert", /^insert into "sessions"/i],
    ["the debit's ledger row", /^INSERT INTO credit_ledger .* WHERE changes\(\) = 1/],
    ["the balance debit", /^UPDATE users SET credits = credits - /],
  ] as const) {
    it(`session creation with ${what} failing: no debit, no ledger row, no session; the retry succeeds once`, async () => {
      const u = await registerUser();
      const before = await balance(u.token);
      const key = `create-${crypto.randomUUID()}`;
      const request = { token: u.token, body: validSession(), headers: { "Idempotency-Key": key } };
      const failing = failingD1(env.DB, { match });

      expectDatabaseError(await apiWithEnv({ DB: failing.db }, "POST", "/v1/sessions", request));
      expect(failing.failed).toHaveLength(1);
      expect(await balance(u.token)).toBe(before);
      expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", u.id)).toBe(0);
      expect(await count("SELECT COUNT(*) AS n FROM credit_ledger WHERE user_id = ? AND delta < 0", u.id)).toBe(0);

      const retry = await api("POST", "/v1/sessions", request);
      expect(retry.status, retry.text).toBe(201);
      expect(retry.headers.get("idempotent-replayed")).toBeNull();
      expect(await balance(u.token)).toBe(before - retry.body.data.credits_required);
      expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", u.id)).toBe(1);
      const replay = await api("POST", "/v1/sessions", request);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.body.data.id).toBe(retry.body.data.id);
    });
  }

  it("a purchase whose outboxed event fails to insert credits nothing and loses no event; the retry commits both", async () => {
    const u = await registerUser();
    const before = await balance(u.token);
    const pm = await addCard(u.token);
    const key = `purchase-${crypto.randomUUID()}`;
    const request = {
      token: u.token,
      body: { credit_package: "starter", payment_method_id: pm, quantity: 1 },
      headers: { "Idempotency-Key": key },
    };
    const failing = failingD1(env.DB, { match: /INSERT INTO event_outbox/i });

    expectDatabaseError(await apiWithEnv({ DB: failing.db }, "POST", "/v1/billing/credits/purchase", request));
    expect(failing.failed).toHaveLength(1);
    expect(await balance(u.token)).toBe(before);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM credit_ledger WHERE user_id = ? AND delta > 0 AND reason = 'credit_purchase'",
        u.id,
      ),
    ).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ? AND status = 'completed'", u.id)).toBe(
      0,
    );

    const retry = await api("POST", "/v1/billing/credits/purchase", request);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.body.data.new_balance).toBe(before + 100);
    expect(
      await count("SELECT COUNT(*) AS n FROM event_outbox WHERE message LIKE ?", `%${retry.body.data.transaction_id}%`),
    ).toBe(1);
  });
});
