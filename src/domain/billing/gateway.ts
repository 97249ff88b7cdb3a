import { AppError } from "../../errors";
import { notConfigured } from "../../lib/secret-config";
import type { Config } from "../config";
import type { Context } from "../context";
import type { ChargeResult, PaymentGateway } from "./ports";

export type {
  ChargeResult,
  PaymentGateway,
} from "./ports";

/**
 * The client's error for a charge that did not succeed: a decline is 402 (a new
 * card is needed); a processor failure is 502, retryable, nothing charged.
 */
export function chargeRefused(transactionId: string, charge: Exclude<ChargeResult, { status: "succeeded" }>): AppError {
  const details = { transaction_id: transactionId, decline_code: charge.code, reason: charge.message };
  return charge.status === "declined"
    ? new AppError("PAYMENT_DECLINED", { message: charge.message, details })
    : new AppError("PAYMENT_FAILED", { details });
}

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
 * The configured gateway (the payments port). Production never charges through the test gateway
 * (it would grant credits for nothing): the port has none there, and charging answers 503
 * PAYMENT_PROVIDER_UNAVAILABLE, as does an unknown gateway or a missing secret.
 */
export function paymentGateway(ctx: Context): PaymentGateway {
  const payments = ctx.ports.payments;
  if ("gateway" in payments) return payments.gateway;
  console.error(
    JSON.stringify({
      msg: "payments unavailable",
      payment_gateway: ctx.config.paymentGateway,
      why: payments.unavailable,
    }),
  );
  throw new AppError("PAYMENT_PROVIDER_UNAVAILABLE");
}
