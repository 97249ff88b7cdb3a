import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { accountIdOf, addCard, CARDS, purchase } from "../../support/billing";
import { registerUser } from "../../support/factories";
import { api, expectErrorEnvelope } from "../../support/http";
import { validSession } from "../../support/sessions";
import { tokenWithScopes } from "../../support/tokens";

const history = (token: string, query = "") => api("GET", `/v1/billing/history${query}`, { token });

/** A ledger row dated `at`, as a session debit would write it. */
async function ledgerRow(userId: string, reason: string, delta: number, at: string) {
  const id = `led_${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await env.DB.prepare(
    "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, await accountIdOf(userId), delta, reason, `ref_${id}`, `${reason} row`, at)
    .run();
  return id;
}

describe("GET /v1/billing/history", () => {
  it("lists purchases (completed and failed) and credit movements, newest first", async () => {
    const u = await registerUser();
    const ok = await purchase(u.token, { credit_package: "starter", payment_method_id: await addCard(u.token) });
    const declined = await purchase(u.token, {
      credit_package: "pro",
      payment_method_id: await addCard(u.token, CARDS.declined),
    });
    const res = await history(u.token);
    expect(res.status).toBe(200);
    const txns = res.body.data.transactions;
    expect(txns.map((t: any) => [t.type, t.status, t.credits])).toEqual([
      ["credit_purchase", "failed", 2000],
      ["credit_purchase", "completed", 100],
      ["signup_grant", "completed", 100],
    ]);
    expect(txns[0].id).toBe(declined.body.error.details.transaction_id);
    expect(txns[1]).toMatchObject({ id: ok.body.data.transaction_id, amount: 10, currency: "USD" });
    expect(txns[2].amount).toBe(0);
    expect(res.body.data.pagination).toEqual({ total: 3, limit: 20, offset: 0, has_more: false });
  });

  it("shows session debits and refunds from the ledger", async () => {
    const u = await registerUser();
    await ledgerRow(u.id, "session_debit", -10, new Date(Date.now() + 1000).toISOString());
    await ledgerRow(u.id, "session_refund", 10, new Date(Date.now() + 2000).toISOString());
    const types = (await history(u.token)).body.data.transactions.map((t: any) => [t.type, t.credits]);
    expect(types).toEqual([
      ["session_refund", 10],
      ["session_debit", -10],
      ["signup_grant", 100],
    ]);
  });

  it("names the session a debit was for (its cue and type), and never another account's session", async () => {
    const u = await registerUser();
    const created = await api("POST", "/v1/sessions", { token: u.token, body: validSession() });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const txns = (await history(u.token)).body.data.transactions;
    const debit = txns.find((t: any) => t.type === "session_debit");
    expect(debit.session).toEqual({ id, cue: validSession().cue, session_type: validSession().session_type });
    expect(txns.find((t: any) => t.type === "signup_grant").session).toBeNull();
    // A ledger row of this account that names someone else's session shows no session.
    const other = await registerUser();
    const theirs = (await api("POST", "/v1/sessions", { token: other.token, body: validSession() })).body.data.id;
    await env.DB.prepare(
      "INSERT INTO credit_ledger (id, account_id, delta, reason, reference_id, description, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(
        "led_crossed",
        await accountIdOf(u.id),
        -1,
        "session_debit",
        theirs,
        "crossed",
        new Date(Date.now() + 5000).toISOString(),
      )
      .run();
    const crossed = (await history(u.token)).body.data.transactions.find((t: any) => t.id === "led_crossed");
    expect(crossed.session).toBeNull();
  });

  it("paginates with limit and offset", async () => {
    const u = await registerUser();
    for (let i = 0; i < 4; i++) await ledgerRow(u.id, "session_debit", -1, `2026-01-0${i + 1}T10:00:00.000Z`);
    const page = await history(u.token, "?limit=2&offset=1");
    expect(page.body.data.transactions.map((t: any) => t.created_at)).toEqual([
      "2026-01-04T10:00:00.000Z",
      "2026-01-03T10:00:00.000Z",
    ]); // the signup grant (today) is first;
    expect(page.body.data.pagination).toEqual({ total: 5, limit: 2, offset: 1, has_more: true });
    const last = await history(u.token, "?limit=2&offset=4");
    expect(last.body.data.pagination.has_more).toBe(false);
  });

  it("filters by inclusive start_date and end_date", async () => {
    const u = await registerUser();
    await ledgerRow(u.id, "session_debit", -1, "2026-02-01T00:00:00.000Z");
    await ledgerRow(u.id, "session_debit", -2, "2026-02-15T23:59:59.999Z");
    await ledgerRow(u.id, "session_debit", -3, "2026-02-16T00:00:00.000Z");
    const res = await history(u.token, "?start_date=2026-02-01&end_date=2026-02-15");
    expect(res.body.data.transactions.map((t: any) => t.credits)).toEqual([-2, -1]);
    expect(res.body.data.pagination.total).toBe(2);
    expect(
      (await history(u.token, "?start_date=2026-02-16&end_date=2026-02-16")).body.data.transactions.map(
        (t: any) => t.credits,
      ),
    ).toEqual([-3]);
  });

  it.each([
    ["?limit=101", "limit"],
    ["?limit=0", "limit"],
    ["?offset=-1", "offset"],
    ["?start_date=2026-13-01", "start_date"],
    ["?end_date=yesterday", "end_date"],
    ["?start_date=2026-02-10&end_date=2026-02-01", "end_date"],
  ])("refuses %s with 422 on %s", async (query, field) => {
    const u = await registerUser();
    const err = expectErrorEnvelope(await history(u.token, query), 422, "INVALID_FIELD_VALUE");
    expect(err.details.field).toBe(field);
  });

  it("needs analytics:read", async () => {
    const u = await registerUser();
    expectErrorEnvelope(await api("GET", "/v1/billing/history"), 401, "AUTHENTICATION_REQUIRED");
    expectErrorEnvelope(await history(await tokenWithScopes(u.id, ["profile"])), 403, "INSUFFICIENT_PERMISSIONS");
  });
});
