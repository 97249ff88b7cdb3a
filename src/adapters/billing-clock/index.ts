import type { Bindings } from "../../bindings";
import type { BillingClocks } from "../../domain/billing/ports";

/** The billing clocks as Durable Objects: one BillingClock per billing account id, addressed by name. */
export function durableBillingClocks(namespace: Bindings["BILLING_CLOCK"]): BillingClocks {
  return {
    wake: (accountId) => namespace.get(namespace.idFromName(accountId)).wake(accountId),
  };
}
