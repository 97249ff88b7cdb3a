import type { PaymentMethodRow } from "../../db/payment-methods";
import type { Tier } from "../identity/principal";
import { CONCURRENT_SESSION_CAPS, TIER_LIMITS } from "../limits/policies";
import { expiryString } from "./cards";
import { type CREDIT_PACKAGES, CURRENCY, TIER_PLANS, toMajorUnits } from "./catalogue";

export const paymentMethodResource = (pm: PaymentMethodRow) => ({
  id: pm.id,
  type: "card" as const,
  brand: pm.brand,
  last_four: pm.lastFour,
  expiry: expiryString(pm.expMonth, pm.expYear),
  is_default: pm.isDefault,
  created_at: pm.createdAt,
});

/** A plan as the price list shows it: its fee, included credits and limits (what choosing it buys). */
export const planResource = (tier: Tier) => ({
  tier,
  monthly_fee: toMajorUnits(TIER_PLANS[tier].monthlyFeeCents),
  currency: CURRENCY,
  included_credits: TIER_PLANS[tier].includedCredits,
  requests_per_minute: TIER_LIMITS[tier].minute,
  requests_per_day: TIER_LIMITS[tier].day,
  concurrent_sessions: CONCURRENT_SESSION_CAPS[tier],
});

export const packageResource = (p: (typeof CREDIT_PACKAGES)[number]) => ({
  code: p.code,
  name: p.name,
  credits: p.credits,
  price: toMajorUnits(p.priceCents),
  currency: CURRENCY,
});
