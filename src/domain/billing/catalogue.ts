import type { Tier } from "../identity/principal";

/**
 * Prices (docs/decisions.md, "Credits and billing"). Money is handled in
 * minor units (cents) and rendered as a number of dollars only at the edge.
 */
export const CURRENCY = "USD";

export interface CreditPackage {
  code: string;
  name: string;
  credits: number;
  priceCents: number;
}

/** Credit packages for sale. Bigger packages are cheaper per credit. */
export const CREDIT_PACKAGES = [
  { code: "starter", name: "Starter", credits: 100, priceCents: 10_00 },
  { code: "standard", name: "Standard", credits: 500, priceCents: 45_00 },
  { code: "pro", name: "Pro", credits: 2_000, priceCents: 160_00 },
  { code: "enterprise", name: "Enterprise", credits: 10_000, priceCents: 700_00 },
] as const satisfies readonly CreditPackage[];

export type CreditPackageCode = (typeof CREDIT_PACKAGES)[number]["code"];
export const CREDIT_PACKAGE_CODES = CREDIT_PACKAGES.map((p) => p.code) as [CreditPackageCode, ...CreditPackageCode[]];

/** Most packages one purchase may buy (bounds a single charge). */
export const MAX_PURCHASE_QUANTITY = 10;

export function creditPackage(code: CreditPackageCode): CreditPackage {
  return CREDIT_PACKAGES.find((p) => p.code === code)!;
}

export interface TierPlan {
  /** Monthly subscription fee in cents. */
  monthlyFeeCents: number;
  /** Credits included with the plan (granted at signup, see STARTING_CREDITS). */
  includedCredits: number;
}

/** Monthly fee per tier; included credits match the signup grant of accounts.ts. */
export const TIER_PLANS: Record<Tier, TierPlan> = {
  basic: { monthlyFeeCents: 0, includedCredits: 100 },
  professional: { monthlyFeeCents: 49_00, includedCredits: 1_000 },
  enterprise: { monthlyFeeCents: 499_00, includedCredits: 10_000 },
};

export const toMajorUnits = (cents: number): number => Math.round(cents) / 100;
