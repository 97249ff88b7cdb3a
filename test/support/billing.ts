import { env } from "cloudflare:workers";
import { api } from "./http";

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
