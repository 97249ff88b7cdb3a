/**
 * The outside world of billing, as the domain names it (issue #28, ports and adapters): a payment
 * processor (src/adapters/payments/: the built-in test gateway, Stripe), chosen by
 * `Config.paymentGateway`, and the per-account billing clock (src/adapters/billing-clock/, a Durable
 * Object stub).
 */
interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

type TokenizeResult =
  | { ok: true; token: string; brand: string; lastFour: string }
  /**
   * `declineCode`: the card itself was declined (Stripe's card_error codes), answered 402 like a
   * declined charge; without it the request was wrong (422).
   */
  | { ok: false; reason: string; declineCode?: string };

interface ChargeRequest {
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

/** A processor-side payment method (e.g. `pm_card_visa`, or a Stripe PaymentMethod id) made usable for charges. */
export type AttachResult =
  | { ok: true; token: string; brand: string; lastFour: string; expMonth: number; expYear: number }
  | { ok: false; reason: string };

export interface PaymentGateway {
  readonly name: string;
  tokenizeCard(card: CardInput): Promise<TokenizeResult>;
  /** `accountId` is ours: a processor may record it with the customer it creates. */
  attachPaymentMethod(processorId: string, accountId: string): Promise<AttachResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * A deleted account's customer at the processor (GDPR Art. 17): delete it, with its saved cards,
   * given the account's saved tokens. Idempotent: a customer already gone counts as deleted. A
   * failure is retried by the caller later.
   */
  forgetCustomer(request: { accountId: string; tokens: string[] }): Promise<ForgetResult>;
}

export type ForgetResult = { ok: true } | { ok: false; reason: string };

/**
 * The configured processor, or why there is none (an unknown gateway, the test gateway in
 * production, a missing secret): the domain answers 503 PAYMENT_PROVIDER_UNAVAILABLE for the latter.
 */
export type PaymentsPort = { gateway: PaymentGateway } | { unavailable: string };

/** What one run of an account's billing clock did. */
interface ClockRun {
  next_action_at: string | null;
  outcomes: string[];
}

/** One billing clock per account: `wake` runs what is due now and re-arms it. */
export interface BillingClocks {
  wake(accountId: string): Promise<ClockRun>;
}

export interface BillingPorts {
  readonly payments: PaymentsPort;
  readonly billingClocks: BillingClocks;
}
