import { AppError } from "../../errors";
import { testGateway } from "./test-gateway";

/**
 * A payment processor, as the rest of the code sees it. Routes and the
 * purchase service depend only on this interface; `PAYMENT_GATEWAY` selects
 * the implementation. A real processor adapter (Stripe, Adyen, …) implements
 * the same two calls.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type TokenizeResult =
  | { ok: true; token: string; brand: string; lastFour: string }
  | { ok: false; reason: string };

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our transaction id: the processor's idempotency key, so a repeated call cannot charge twice. */
  idempotencyKey: string;
}

export type ChargeResult =
  /** Money captured. */
  | { status: "succeeded"; chargeId: string }
  /** The issuer refused: final, retrying the same card will not help. */
  | { status: "declined"; code: string; message: string }
  /** The processor failed before charging: safe to retry later. */
  | { status: "failed"; code: string; message: string };

/**
 * The client's error for a charge that did not succeed: a decline is 402 (a new
 * card is needed); a processor failure is 502, retryable, nothing charged.
 */
export function chargeRefused(transactionId: string, charge: Exclude<ChargeResult, { status: "succeeded" }>): AppError {
  const details = { transaction_id: transactionId, decline_code: charge.code, reason: charge.message };
  return charge.status === "declined"
    ? new AppError("PAYMENT_DECLINED", { message: charge.message, details })
    : new AppError("PAYMENT_FAILED", { details, headers: { "Retry-After": "5" } });
}

/** A processor-side payment method (e.g. `pm_card_visa`, or a Stripe PaymentMethod id) made usable for charges. */
export type AttachResult =
  | { ok: true; token: string; brand: string; lastFour: string; expMonth: number; expYear: number }
  | { ok: false; reason: string };

export interface PaymentGateway {
  readonly name: string;
  tokenizeCard(card: CardInput): Promise<TokenizeResult>;
  attachPaymentMethod(processorId: string): Promise<AttachResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

const GATEWAYS: Record<string, PaymentGateway> = { test: testGateway };

export function paymentGateway(env: { PAYMENT_GATEWAY: string }): PaymentGateway {
  const gateway = GATEWAYS[env.PAYMENT_GATEWAY];
  if (!gateway) {
    console.error(`PAYMENT_GATEWAY "${env.PAYMENT_GATEWAY}" is not a known gateway`);
    throw new AppError("SERVICE_UNAVAILABLE", { message: "Payments are not configured." });
  }
  return gateway;
}
