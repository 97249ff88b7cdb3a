import { z } from "@hono/zod-openapi";
import { CREDIT_PACKAGE_CODES, MAX_PURCHASE_QUANTITY } from "../../domain/billing/catalogue";
import { CalendarDate, limitParam, Offset, PaginationSchema } from "../../http/schemas";

const Timestamp = z.string().openapi({ format: "date-time" });
const Usage = z
  .object({ sessions: z.number().int(), api_calls: z.number().int(), storage_gb: z.number() })
  .openapi("MonthUsage");

export const PaymentMethodSchema = z
  .object({
    id: z.string().openapi({ example: "pm_1763776000000123456" }),
    type: z.literal("card"),
    brand: z.string().openapi({ example: "visa" }),
    last_four: z.string().openapi({ example: "4242" }),
    expiry: z.string().openapi({ example: "12/30", description: "MM/YY" }),
    is_default: z.boolean(),
    created_at: Timestamp,
  })
  .openapi("PaymentMethod");

export const PaymentMethodIdParam = z.object({
  payment_method_id: z
    .string()
    .regex(/^pm_\d+$/, "must look like pm_<digits>")
    .openapi({ param: { name: "payment_method_id", in: "path" }, example: "pm_1763776000000123456" }),
});

export const BillingSchema = z
  .object({
    tier: z.enum(["basic", "professional", "enterprise"]),
    monthly_fee: z.number().openapi({ description: "Monthly fee of the tier, in `currency`" }),
    currency: z.string().openapi({ example: "USD" }),
    status: z.enum(["active", "trialing", "past_due"]).openapi({
      description: "trialing: a paid plan's free trial; past_due: the last fee failed and is being retried (dunning)",
    }),
    trial_ends_at: Timestamp.nullable(),
    current_period_start: Timestamp,
    current_period_end: Timestamp,
    pending_tier: z
      .enum(["basic", "professional", "enterprise"])
      .nullable()
      .openapi({ description: "A downgrade that takes effect at current_period_end" }),
    trial_tier: z.enum(["professional", "enterprise"]).nullable().openapi({
      description:
        "The paid tier chosen at registration while the email address is unverified: its trial starts when the address is verified (POST /v1/auth/email/verify); null otherwise",
    }),
    credits: z.object({
      included: z.number().int().openapi({ description: "Included credits granted for this period" }),
      used: z.number().int().openapi({ description: "Included credits used this period" }),
      remaining: z.number().int().openapi({ description: "The balance: included_remaining + purchased_remaining" }),
      included_remaining: z.number().int().openapi({ description: "included − used; expires at reset_date" }),
      purchased_remaining: z
        .number()
        .int()
        .openapi({ description: "Purchased (and refunded) credits: never expire; spent after included credits" }),
      reset_date: Timestamp,
    }),
    usage: z.object({ current_month: Usage, last_month: Usage }),
    payment_method: z
      .object({ id: z.string(), type: z.literal("card"), brand: z.string(), last_four: z.string(), expiry: z.string() })
      .nullable()
      .openapi({ description: "The default payment method, or null" }),
    next_billing_date: Timestamp,
  })
  .openapi("Billing");

export const PackageSchema = z
  .object({
    code: z.enum(CREDIT_PACKAGE_CODES),
    name: z.string(),
    credits: z.number().int(),
    price: z.number(),
    currency: z.string(),
  })
  .openapi("CreditPackage");

export const PlanSchema = z
  .object({
    tier: z.enum(["basic", "professional", "enterprise"]),
    monthly_fee: z.number().openapi({ example: 49, description: "In `currency`, per month" }),
    currency: z.string().openapi({ example: "USD" }),
    included_credits: z.number().int().openapi({ example: 1000, description: "Credits included each period" }),
    requests_per_minute: z.number().int().openapi({ example: 1000 }),
    requests_per_day: z.number().int().openapi({ example: 10000 }),
    concurrent_sessions: z.number().int().openapi({ example: 50, description: "Pending plus processing sessions" }),
  })
  .openapi("Plan");

export const AddPaymentMethodBody = z
  .object({
    number: z
      .string()
      .min(12)
      .max(23)
      .regex(/^(?:[0-9][ -]?){11,18}[0-9]$/, "12 to 19 digits, optionally grouped by spaces or hyphens")
      .openapi({
        example: "4242424242424242",
        description: "Card number (test gateway: documented test cards only). Never stored.",
      }),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2100),
    cvc: z.string().regex(/^\d{3,4}$/, "must be 3 or 4 digits"),
    set_default: z.boolean().optional(),
  })
  .openapi("AddPaymentMethodRequest");

/** A saved method (`pm_<digits>`) or a processor's payment method id, e.g. the test gateway's `pm_card_visa`. */
export const PaymentMethodId = z
  .string()
  .max(255)
  .regex(/^pm_[A-Za-z0-9_]+$/, "must be a payment method id (pm_…)")
  .openapi({
    example: "pm_card_visa",
    description:
      "A saved payment method (`pm_<digits>`, GET /v1/billing/payment-methods), or the processor's payment method id, saved on first use: with the test gateway its test ids (`pm_card_visa`, `pm_card_chargeDeclined`, …), with Stripe a PaymentMethod id from Stripe.js.",
  });

export const PurchaseBody = z
  .object({
    credit_package: z.enum(CREDIT_PACKAGE_CODES),
    payment_method_id: PaymentMethodId,
    quantity: z.number().int().min(1).max(MAX_PURCHASE_QUANTITY).default(1),
  })
  .openapi("PurchaseRequest");

export const PurchaseResultSchema = z
  .object({
    transaction_id: z.string().openapi({ example: "txn_1763776000000123456" }),
    credits_purchased: z.number().int(),
    amount: z.number(),
    currency: z.string(),
    payment_status: z.literal("succeeded"),
    new_balance: z.number().int(),
  })
  .openapi("PurchaseResult");

const TRANSACTION_TYPES = [
  "credit_purchase",
  "session_debit",
  "session_refund",
  "session_reprice",
  "signup_grant",
  "adjustment",
  "subscription_fee",
  "plan_change",
  "credits_renewal",
  "credits_expiry",
  "plan_proration",
  "payment_reversal",
] as const;

const TransactionSchema = z
  .object({
    id: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: z.number().openapi({ description: "Money charged (0 for credit-only movements)" }),
    currency: z.string(),
    credits: z.number().int().openapi({
      description:
        "Credit change: positive for purchases, grants, renewals and refunds; negative for session debits, expired included credits and reversed payments",
    }),
    status: z.enum(["completed", "failed", "refunded", "disputed"]),
    created_at: Timestamp,
    description: z.string(),
    session: z
      .object({
        id: z.string().openapi({ example: "session_1763776000000123456" }),
        cue: z.string().openapi({ example: "Describe the object in the sealed envelope" }),
        session_type: z.string().openapi({ example: "remote_viewing" }),
      })
      .nullable()
      .openapi({
        description:
          "The session a `session_debit`, `session_refund` or `session_reprice` movement was for, so a history row can name it; null for every other type",
      }),
  })
  .openapi("Transaction");

export const HistoryQuery = z.object({
  limit: limitParam(),
  offset: Offset,
  start_date: CalendarDate.optional().openapi({ description: "Inclusive, UTC" }),
  end_date: CalendarDate.optional().openapi({ description: "Inclusive, UTC" }),
});

export const HistorySchema = z
  .object({
    transactions: z.array(TransactionSchema),
    pagination: PaginationSchema,
  })
  .openapi("BillingHistory");
