import type { BillingClocks } from "../../domain/billing/ports";
import type { NamedObjects } from "../durable-objects/namespace";

/** The billing clocks as Durable Objects: one BillingClock per billing account id, addressed by name. */
export function durableBillingClocks(namespace: NamedObjects<BillingClocks>): BillingClocks {
  return {
    wake: (accountId) => namespace.get(namespace.idFromName(accountId)).wake(accountId),
  };
}
