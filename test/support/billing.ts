import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { api } from "./http";
import type { StubCall } from "./stripe-stub-types";

/** The id of the user's own billing account. */
export async function accountIdOf(userId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT id FROM billing_accounts WHERE owner_type = 'user' AND owner_id = ?")
    .bind(userId)
    .first<{ id: string }>();
  if (!row) throw new Error(`no billing account for ${userId}`);
  return row.id;
}

export const CARDS = {
  visa: "4242424242424242",
  mastercard: "5555555555554444",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  processingError: "4000000000000119",
} as const;

/** Save a test card for the user and return its pm_ id. */
export async function addCard(
  token: string,
  number: string = CARDS.visa,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await api("POST", "/v1/billing/payment-methods", {
    token,
    body: { number, exp_month: 12, exp_year: 2034, cvc: "123", ...extra },
  });
  if (res.status !== 201) throw new Error(`add card failed: ${res.status} ${res.text}`);
  return res.body.data.id;
}

export function purchase(token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return api("POST", "/v1/billing/credits/purchase", { token, body, headers });
}

export async function accountRow(accountId: string): Promise<Record<string, any>> {
  const row = await env.DB.prepare("SELECT * FROM billing_accounts WHERE id = ?").bind(accountId).first();
  if (!row) throw new Error(`no account ${accountId}`);
  return row;
}

/** balance = SUM(delta) of the account's ledger, and balance ≥ 0. */
export async function expectLedgerInvariant(accountId: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT a.balance, a.included_balance, (SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE account_id = a.id) AS total FROM billing_accounts a WHERE a.id = ?",
  )
    .bind(accountId)
    .first<{ balance: number; included_balance: number; total: number }>();
  if (!row) throw new Error(`no account ${accountId}`);
  if (row.balance !== row.total || row.balance < 0 || row.included_balance < 0 || row.included_balance > row.balance)
    throw new Error(`ledger invariant broken for ${accountId}: ${JSON.stringify(row)}`);
  return row.balance;
}

/**
 * Move the account to the end of its current period (or trial, or dunning
 * wait): the clock's next action becomes due now, without waiting.
 */
export async function endPeriodNow(accountId: string): Promise<void> {
  const past = new Date(Date.now() - 1000).toISOString();
  const a = await accountRow(accountId);
  if (a.status === "past_due") {
    await env.DB.prepare("UPDATE billing_accounts SET next_action_at = ? WHERE id = ?").bind(past, accountId).run();
    return;
  }
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  await env.DB.prepare(
    "UPDATE billing_accounts SET current_period_start = ?2, current_period_end = ?3, next_action_at = ?3, trial_ends_at = CASE WHEN trial_ends_at IS NULL THEN NULL ELSE ?3 END WHERE id = ?1",
  )
    .bind(accountId, start, past)
    .run();
}

const clockStub = (accountId: string) => env.BILLING_CLOCK.get(env.BILLING_CLOCK.idFromName(accountId));

/** Fire the account's BillingClock alarm now (what the runtime does at next_action_at). */
export async function fireClock(accountId: string): Promise<boolean> {
  return runDurableObjectAlarm(clockStub(accountId));
}

export async function historyTypes(token: string): Promise<string[]> {
  const res = await api("GET", "/v1/billing/history?limit=100", { token });
  return res.body.data.transactions.map((t: { type: string; status: string }) => `${t.type}:${t.status}`);
}

export function changePlan(token: string, body: Record<string, unknown>) {
  return api("PUT", "/v1/billing/plan", { token, body });
}

/** Bindings that select the Stripe adapter against the local Stripe stand-in (test/node/stripe-stub.ts), as a fresh Stripe account. */
export function stripeEnv() {
  return {
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: `sk_test_${crypto.randomUUID().replace(/-/g, "")}`,
    STRIPE_API_BASE: inject("stripeApiBase"),
  };
}

/** The API calls the Stripe stand-in received for one secret key. */
export async function stripeCalls(secretKey: string): Promise<StubCall[]> {
  return (await fetch(`${inject("stripeApiBase")}/__stub/log?key=${secretKey}`)).json();
}

/** The next `count` API calls for this secret key fail with Stripe's 500. */
export async function stripeOutage(secretKey: string, count = 1): Promise<void> {
  await fetch(`${inject("stripeApiBase")}/__stub/outage?key=${secretKey}&count=${count}`, { method: "POST" });
}

/** The caller's saved cards as [id, is_default], in the list's order. */
export const cardsOf = async (token: string): Promise<Array<[string, boolean]>> =>
  (await api("GET", "/v1/billing/payment-methods", { token })).body.data.payment_methods.map(
    (p: { id: string; is_default: boolean }) => [p.id, p.is_default],
  );
