import type { Bindings } from "../../env";
import { AppError } from "../../errors";
import { notConfigured } from "../../lib/secret-config";
import type { Config, Context } from "../context";
import { stripeGateway } from "./stripe-gateway";
import { testGateway } from "./test-gateway";

/**
 * A payment processor, as the rest of the code sees it. Routes and the
 * purchase service depend only on this interface; `PAYMENT_GATEWAY` selects
 * the implementation: `test` (built in, test mode only) or `stripe`
 * (stripe-gateway.ts, Stripe's REST API).
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
  /** `accountId` is ours: a processor may record it with the customer it creates. */
  attachPaymentMethod(processorId: string, accountId: string): Promise<AttachResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export type GatewayEnv = Pick<Bindings, "PAYMENT_GATEWAY" | "ENVIRONMENT" | "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">;

const GATEWAYS: Record<string, (ctx: Context) => PaymentGateway | null> = {
  test: () => testGateway,
  stripe: stripeGateway,
};

/**
 * A production worker configured with the test gateway would let paid plans trial, renew
 * and buy credits with nothing charged: it refuses to serve at all (503, as for a missing
 * signing key; docs/decisions.md, "Billing cycle"), rather than only refusing to charge.
 */
export function refuseTestGatewayInProduction(config: Pick<Config, "environment" | "paymentGateway">): void {
  if (config.environment === "production" && config.paymentGateway === "test")
    throw notConfigured('PAYMENT_GATEWAY is "test" in production');
}

/**
 * The configured gateway. Production never charges through the test gateway
 * (it would grant credits for nothing): charging there answers 503
 * PAYMENT_PROVIDER_UNAVAILABLE, as does an unknown gateway or a missing secret.
 */
export function paymentGateway(ctx: Context): PaymentGateway {
  const unavailable = (why: string) => {
    console.error(JSON.stringify({ msg: "payments unavailable", payment_gateway: ctx.env.PAYMENT_GATEWAY, why }));
    return new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
  };
  if (ctx.config.environment === "production" && ctx.env.PAYMENT_GATEWAY === "test")
    throw unavailable("the test gateway is refused in production");
  const make = GATEWAYS[ctx.env.PAYMENT_GATEWAY];
  if (!make) throw unavailable("not a known gateway");
  const gateway = make(ctx);
  if (!gateway) throw unavailable("the gateway's secret is not configured");
  return gateway;
}
