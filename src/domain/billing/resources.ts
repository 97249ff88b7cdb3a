import type { PaymentMethodRow } from "../../db/payment-methods";
import { expiryString } from "./cards";
import { type CREDIT_PACKAGES, CURRENCY, toMajorUnits } from "./catalogue";

export const paymentMethodResource = (pm: PaymentMethodRow) => ({
  id: pm.id,
  type: "card" as const,
  brand: pm.brand,
  last_four: pm.lastFour,
  expiry: expiryString(pm.expMonth, pm.expYear),
  is_default: pm.isDefault,
  created_at: pm.createdAt,
});

export const packageResource = (p: (typeof CREDIT_PACKAGES)[number]) => ({
  code: p.code,
  name: p.name,
  credits: p.credits,
  price: toMajorUnits(p.priceCents),
  currency: CURRENCY,
});
