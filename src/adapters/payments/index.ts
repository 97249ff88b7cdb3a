import type { PaymentsPort } from "../../domain/billing/ports";
import type { Config } from "../../domain/config";
import { stripeGateway } from "./stripe";
import { testGateway } from "./test";

/**
 * The payment gateway `Config.paymentGateway` names. Production never gets the test gateway (it
 * would grant credits for nothing charged); an unknown name or Stripe without its secret key is no
 * gateway either: the port says why, and charging answers 503 PAYMENT_PROVIDER_UNAVAILABLE.
 */
export function paymentsFor(config: Config): PaymentsPort {
  switch (config.paymentGateway) {
    case "test":
      if (config.environment === "production") return { unavailable: "the test gateway is refused in production" };
      return { gateway: testGateway };
    case "stripe": {
      const secretKey = config.secrets.stripeSecretKey;
      if (!secretKey) return { unavailable: "the gateway's secret is not configured" };
      return { gateway: stripeGateway({ secretKey, apiBase: config.stripeApiBase }) };
    }
    default:
      return { unavailable: "not a known gateway" };
  }
}
