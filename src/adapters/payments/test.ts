import type { ChargeResult, PaymentGateway } from "../../domain/billing/ports";
import { newId } from "../../lib/ids";

/**
 * The built-in gateway (`PAYMENT_GATEWAY=test`): behaves like a real
 * processor's test mode. Only the documented test cards are accepted; a
 * card's behaviour is fixed at tokenization (the token carries it, since the
 * number itself is never stored). Numbers follow Stripe's test cards.
 */
const TEST_CARDS = {
  "4242424242424242": "succeeds",
  "5555555555554444": "succeeds",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
  "4000000000000119": "processing_error",
} as const;

type Behaviour = (typeof TEST_CARDS)[keyof typeof TEST_CARDS];

/**
 * Processor-style test payment method ids, accepted directly as
 * `payment_method_id` (purchase, plan change; renewals then charge them),
 * named like Stripe's test PaymentMethods. Each stands for the test card of
 * the same behaviour (docs/decisions.md, "Billing cycle").
 */
const TEST_PAYMENT_METHODS: Record<string, { number: keyof typeof TEST_CARDS; behaviour: Behaviour }> = {
  pm_card_visa: { number: "4242424242424242", behaviour: "succeeds" },
  pm_card_mastercard: { number: "5555555555554444", behaviour: "succeeds" },
  pm_card_chargeDeclined: { number: "4000000000000002", behaviour: "declined" },
  pm_card_chargeDeclinedInsufficientFunds: { number: "4000000000009995", behaviour: "insufficient_funds" },
  /** Fails transiently (processor error, nothing charged): a retry may succeed. */
  pm_card_chargeDeclinedProcessingError: { number: "4000000000000119", behaviour: "processing_error" },
};
const TOKEN_PREFIX = "tok_test_";

/** The brand a processor reports for a card number (by its issuer prefix). */
function cardBrand(number: string): string {
  if (/^4/.test(number)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  return "unknown";
}

function charge(behaviour: Behaviour | undefined): ChargeResult {
  switch (behaviour) {
    case "succeeds":
      return { status: "succeeded", chargeId: `ch_test_${newId("txn").slice(4)}` };
    case "declined":
      return { status: "declined", code: "card_declined", message: "The card was declined." };
    case "insufficient_funds":
      return { status: "declined", code: "insufficient_funds", message: "The card has insufficient funds." };
    case "processing_error":
      return {
        status: "failed",
        code: "processing_error",
        message: "The processor failed to process the card; try again.",
      };
    default:
      return {
        status: "declined",
        code: "invalid_token",
        message: "The payment method is not valid for this gateway.",
      };
  }
}

/**
 * Like a processor, the test gateway answers a repeated idempotency key with
 * the first result instead of charging again. Kept per isolate and bounded:
 * enough for tests and `wrangler dev`, which are what this gateway is for.
 */
const MAX_REMEMBERED = 10_000;
const charged = new Map<string, ChargeResult>();
const processed: { idempotencyKey: string; amountCents: number; result: ChargeResult }[] = [];

const forgotten: { accountId: string; tokens: string[] }[] = [];

/** The deleted accounts' customers the test gateway was asked to forget, oldest first. */
export const testGatewayForgotten = (): readonly (typeof forgotten)[number][] => forgotten;

/** The charges the test gateway actually processed (not replays), oldest first: what a processor's dashboard shows. */
export const testGatewayCharges = (): readonly (typeof processed)[number][] => processed;

export const testGateway: PaymentGateway = {
  name: "test",
  async tokenizeCard(card) {
    const behaviour = (TEST_CARDS as Record<string, Behaviour>)[card.number];
    if (!behaviour)
      return {
        ok: false,
        reason: "not a test card: the test gateway accepts only the documented test card numbers",
        declineCode: "card_declined",
      };
    return {
      ok: true,
      token: `${TOKEN_PREFIX}${behaviour}_${crypto.randomUUID()}`,
      brand: cardBrand(card.number),
      lastFour: card.number.slice(-4),
    };
  },
  async attachPaymentMethod(id) {
    const known = TEST_PAYMENT_METHODS[id];
    if (!known) return { ok: false, reason: "not a test payment method id of the test gateway" };
    return {
      ok: true,
      // One token per test id: attaching it again finds the same saved method.
      token: `${TOKEN_PREFIX}${known.behaviour}_${id}`,
      brand: cardBrand(known.number),
      lastFour: known.number.slice(-4),
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 5,
    };
  },
  async charge(request) {
    const replay = charged.get(request.idempotencyKey);
    if (replay) return replay;
    const behaviour = Object.values(TEST_CARDS).find((b) => request.token.startsWith(`${TOKEN_PREFIX}${b}_`));
    const result = charge(behaviour);
    if (charged.size >= MAX_REMEMBERED) {
      charged.delete(charged.keys().next().value as string);
      processed.shift();
    }
    charged.set(request.idempotencyKey, result);
    processed.push({ idempotencyKey: request.idempotencyKey, amountCents: request.amountCents, result });
    return result;
  },
  async forgetCustomer(request) {
    // The test gateway keeps no customer: it records the request, as a processor's log would show it.
    if (forgotten.length >= MAX_REMEMBERED) forgotten.shift();
    forgotten.push({ accountId: request.accountId, tokens: [...request.tokens] });
    return { ok: true };
  },
};
